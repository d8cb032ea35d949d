import type { ReactNode } from 'react';
import { Page } from '../../components/page';
import { RequireSignIn } from './require-sign-in';

/**
 * A page that exists only for a signed-in user with a user id (spec sections 2 and 6: support notices, users,
 * notifications, notification details). The pages' own content comes with the notices issue.
 */
export function MemberPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title}>
      <RequireSignIn>{children}</RequireSignIn>
    </Page>
  );
}
