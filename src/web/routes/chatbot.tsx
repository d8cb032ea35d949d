import { useSearchParams } from 'react-router';
import { Page } from '../components/page';
import { RequireSignIn } from '../lib/session/require-sign-in';
import { useSession } from '../lib/session/use-session';
import { QueryState } from '../components/query-state';
import { AssistantOpening } from '../features/assistant/components/assistant-opening';
import { useChatBinding } from '../features/assistant/lib/use-chat-binding';
import { chatSettingsKey, useChatSettings } from '../features/chat/api/get-chat-settings';
import { IntercomMessenger } from '../features/chat/components/intercom-messenger';
import type { PortalRouteHandle } from '../lib/route-handle';
import { prefetchInto } from '../lib/prefetch-into';
import { lazy, Suspense } from 'react';

// The panel and the ticket form it may offer load when the chat opens, after the chat update delay: the page
// is drawn without them (the panel's frame), so the first load carries neither their code nor zod.
const AssistantPanel = lazy(() =>
  import('../features/assistant/components/assistant-panel').then((module) => ({
    default: module.AssistantPanel,
  })),
);
const ConversationTicketForm = lazy(() =>
  import('../features/tickets/components/conversation-ticket-form').then((module) => ({
    default: module.ConversationTicketForm,
  })),
);

export const handle: PortalRouteHandle = {
  membersOnly: true,
  meta: ({ config }) => ({
    title: 'Chat assistant',
    description: `Ask the ${config.product.name} AI chat assistant about the knowledge base, documentation and release notes, or create a ticket.`,
  }),
  // Which chat to open comes with a signed-in render: no call, and no contract checks, as the page loads.
  prefetch: async (queryClient, data, _searchParams, session) => {
    if (session.signedIn) await prefetchInto(queryClient, chatSettingsKey, () => data.chatSettings());
  },
};

/**
 * The chat, bound to the user after the chat update delay: the built-in assistant, or the Intercom Messenger
 * when the server's chat connector says so (`GET /api/chat/settings`, in the signed-in render).
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
    return <IntercomMessenger workspace={settings.data} user={binding} />;
  }
  const opening = <AssistantOpening name={userName || userEmail} />;
  if (!binding || !settings.data) {
    // Rendered by the server too: the page greets its user in the panel's frame before the chat opens.
    return opening;
  }
  return (
    <Suspense fallback={opening}>
      <AssistantPanel
        user={binding}
        initialQuestion={(params.get('q') ?? '').trim()}
        ticketForm={(offer) => (
          <Suspense fallback={null}>
            <ConversationTicketForm {...offer} />
          </Suspense>
        )}
      />
    </Suspense>
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
