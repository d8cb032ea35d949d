import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { noPermissionMessage } from '../../../../common/downloads';
import { sessionCan } from '../../../lib/session/use-can';
import { useSession } from '../../../lib/session/use-session';
import { LoginLink } from '../../../components/login-link';
import { usePortalConfig } from '../../../lib/portal-config-context';

/** Spec section 2, the API Collection page's words; the downloads page says the same. */
export const SIGN_IN_PROMPT = 'Please login to view and Download files.';

/**
 * The gate of the download pages: signed out, a prompt to sign in and no file names; signed in
 * without the `download` right, why and whom to ask; otherwise the page. The server refuses the calls alike.
 */
export function DownloadAccess({ children }: { children: (user: DownloadUser) => ReactNode }) {
  const session = useSession();
  const config = usePortalConfig();
  if (!session.known) return <p role="status">Checking your sign-in…</p>;
  if (!session.signedIn) {
    return (
      <>
        <p>{SIGN_IN_PROMPT}</p>
        <Group gap="sm">
          <LoginLink kind="customer">Customer Login</LoginLink>
          <LoginLink kind="agent" variant="outline">
            Agent Login
          </LoginLink>
        </Group>
      </>
    );
  }
  if (!sessionCan(session, 'download')) return <p>{noPermissionMessage(config.product.name)}</p>;
  return children({
    id: session.userId,
    name: session.userName,
    email: session.userEmail,
    readsRecords: sessionCan(session, 'readDownloadRecords'),
  });
}

export interface DownloadUser {
  id: string;
  name: string;
  email: string;
  /** May open the download records (the link beside the wizard). */
  readsRecords: boolean;
}
