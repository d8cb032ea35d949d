import { useSearchParams } from 'react-router';
import { Page } from '../components/page';
import { RequireSignIn } from '../lib/session/require-sign-in';
import { useSession } from '../lib/session/use-session';
import { QueryState } from '../components/query-state';
import { AssistantPanel } from '../features/assistant/components/assistant-panel';
import { AssistantOpening } from '../features/assistant/components/assistant-opening';
import { useChatBinding } from '../features/assistant/lib/use-chat-binding';
import { useChatSettings } from '../features/chat/api/get-chat-settings';
import { IntercomMessenger } from '../features/chat/components/intercom-messenger';
import { ConversationTicketForm } from '../features/tickets/components/conversation-ticket-form';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Chat assistant',
    description: `Ask the ${config.product.name} AI chat assistant about the knowledge base, documentation and release notes, or create a ticket.`,
  }),
};

/**
 * The chat, bound to the user after the chat update delay: the built-in assistant, or the Intercom Messenger
 * when the server's chat connector says so (`GET /api/chat/settings`, asked during the delay).
 */
function Chat() {
  const { userName, userEmail } = useSession();
  const [params] = useSearchParams();
  const settings = useChatSettings();
  const binding = useChatBinding();
  if (settings.error) {
    return (
      <QueryState isPending={false} error={settings.error} failed="The chat could not be opened.">
        {() => null}
      </QueryState>
    );
  }
  // Mounted before the binding, so that a document loaded at another page is reloaded without the wait.
  if (settings.data?.provider === 'intercom') {
    return <IntercomMessenger appId={settings.data.appId} user={binding} />;
  }
  if (!binding || !settings.data) {
    // Rendered by the server too: the page greets its user in the panel's frame before the chat opens.
    return <AssistantOpening name={userName || userEmail} />;
  }
  return (
    <AssistantPanel
      user={binding}
      initialQuestion={(params.get('q') ?? '').trim()}
      ticketForm={(offer) => <ConversationTicketForm {...offer} />}
    />
  );
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
