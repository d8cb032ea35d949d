import { MemberPage } from '../app/session/member-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Manage Support Notices',
    description: `Create, update and retire the support notices shown to customers of the ${config.product.name} support portal.`,
  }),
};

export function Component() {
  return (
    <MemberPage title="Manage Support Notices">
      <p>Support notice management is coming soon.</p>
    </MemberPage>
  );
}
