import type { ReactNode } from 'react';
import { Page } from '../../components/page';
import { RequireSignIn } from './require-sign-in';

/**
 * A page that exists only for a signed-in user with a user id (spec sections 2 and 6: support notices, users,
 * notifications, notification details).
 */
export function MemberPage({
  title,
  children,
  width,
}: {
  title: string;
  children: ReactNode;
  width?: 'reading' | 'wide';
}) {
  return (
    <Page title={title} {...(width ? { width } : {})}>
      <RequireSignIn>{children}</RequireSignIn>
    </Page>
  );
}
