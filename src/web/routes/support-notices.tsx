import { MemberPage } from '../lib/session/member-page';
import { useCan } from '../lib/session/use-can';
import { AdminsOnly } from '../features/notices/components/admins-only';
import { NoticesAdminPage } from '../features/notices/components/notices-admin-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  membersOnly: true,
  meta: ({ config }) => ({
    title: 'Manage Support Notices',
    description: `Create, update and retire the support notices shown to customers of the ${config.product.name} support portal.`,
  }),
};

/** Admins only: anyone else signed in is told so (the server refuses their calls too). */
function AdminOnly() {
  return useCan('manageNotices') ? <NoticesAdminPage /> : <AdminsOnly />;
}

export function Component() {
  return (
    <MemberPage title="Manage Support Notices" width="wide">
      <AdminOnly />
    </MemberPage>
  );
}
