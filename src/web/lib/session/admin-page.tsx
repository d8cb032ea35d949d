import { Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Page } from '../../components/page';
import type { Action } from '../../../common/policies';
import { sessionCan } from './use-can';
import { useSession } from './use-session';

/**
 * A page of the admin area (search analytics, download records): a loading line until the session is known,
 * then the page for whoever may take `action` and `notAdmin` (the No Page view) for anyone else. The server
 * refuses the page's calls to anyone else too.
 */
export function AdminPage({
  title,
  action,
  notAdmin,
  children,
}: {
  title: string;
  action: Action;
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
  if (!sessionCan(session, action)) return notAdmin;
  return (
    <Page title={title} width="wide">
      {children}
    </Page>
  );
}
