import { MemberPage } from '../app/session/member-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Notification',
    description: `One support notice from ${config.product.company}.`,
  }),
};

export function Component() {
  return (
    <MemberPage title="Notification">
      <p>The notice's details are shown here soon.</p>
    </MemberPage>
  );
}
