import { MemberPage } from '../app/session/member-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Users',
    description: `The users who have read a support notice of the ${config.product.name} support portal.`,
  }),
};

export function Component() {
  return (
    <MemberPage title="Users">
      <p>The list of users who have read a notice is coming soon.</p>
    </MemberPage>
  );
}
