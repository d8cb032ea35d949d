import { MemberPage } from '../lib/session/member-page';
import { NotificationsPage } from '../features/notices/components/notifications-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  membersOnly: true,
  meta: ({ config }) => ({
    title: 'Notifications',
    description: `Your support notices from ${config.product.company}: active, expired or all.`,
  }),
};

export function Component() {
  return (
    <MemberPage title="Notifications">
      <NotificationsPage />
    </MemberPage>
  );
}
