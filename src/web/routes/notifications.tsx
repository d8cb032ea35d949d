import { MemberPage } from '../app/session/member-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Notifications',
    description: `Your support notices from ${config.product.company}: active, expired or all.`,
  }),
};

export function Component() {
  return (
    <MemberPage title="Notifications">
      <p>Your notices are listed here soon.</p>
    </MemberPage>
  );
}
