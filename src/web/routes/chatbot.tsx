import { Loader } from '@mantine/core';
import { Page } from '../components/page';
import { RequireSignIn } from '../app/session/require-sign-in';
import { AssistantPanel } from '../features/assistant/components/assistant-panel';
import { useChatBinding } from '../features/assistant/lib/use-chat-binding';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Chat assistant',
    description: `Ask the ${config.product.name} AI chat assistant about the knowledge base, documentation and release notes, or create a ticket.`,
  }),
};

/**
 * The chat, bound to the user after the chat update delay. The chat connector's client settings will choose
 * between the built-in assistant and the Intercom Messenger here; only the built-in assistant exists so far,
 * and the browser is not told the provider yet.
 */
function Chat() {
  const binding = useChatBinding();
  if (!binding) {
    return (
      <p role="status">
        <Loader size="xs" aria-hidden="true" /> Opening the chat assistant…
      </p>
    );
  }
  return <AssistantPanel user={binding} />;
}

/** `/chatbot` (spec section 2): sign-in required; a signed-out visitor goes home with the link kept. */
export function Component() {
  return (
    <Page title="Chat assistant" width="wide">
      <RequireSignIn>
        <Chat />
      </RequireSignIn>
    </Page>
  );
}
