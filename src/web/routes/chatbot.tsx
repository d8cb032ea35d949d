import { Page } from '../components/page';
import { RequireSignIn } from '../app/session/require-sign-in';
import { useSession } from '../app/session/use-session';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Chat assistant',
    description: `Ask the ${config.product.name} AI chat assistant about the knowledge base, documentation and release notes, or create a ticket.`,
  }),
};

function Greeting() {
  const { userName, userEmail } = useSession();
  return (
    <>
      <p>{`Hello, ${userName || userEmail}.`}</p>
      <p>The chat assistant opens here, ready to answer questions and to create a ticket for you.</p>
    </>
  );
}

/** `/chatbot` (spec section 2): requires sign-in. The chat widget itself is a later issue. */
export function Component() {
  return (
    <Page title="Chat assistant">
      <RequireSignIn>
        <Greeting />
      </RequireSignIn>
    </Page>
  );
}
