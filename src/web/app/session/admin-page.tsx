import { Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Page } from '../../components/page';
import { useSession } from './use-session';

/**
 * A page for admins only (search analytics, download records): a loading line until the session is known,
 * then the page for an admin and `notAdmin` (the No Page view) for anyone else. The server refuses the
 * page's calls to anyone else too.
 */
export function AdminPage({
  title,
  notAdmin,
  children,
}: {
  title: string;
  notAdmin: ReactNode;
  children: ReactNode;
}) {
  const session = useSession();
  if (!session.known)
    return (
      <Page title={title}>
        <div role="status">
          <Loader size="sm" aria-hidden="true" /> Loading…
        </div>
      </Page>
    );
  if (!session.signedIn || session.role !== 'admin') return notAdmin;
  return (
    <Page title={title} width="wide">
      {children}
    </Page>
  );
}
