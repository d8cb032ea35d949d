import { NoPage, noPageMeta } from '../features/not-found/components/no-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = { meta: () => noPageMeta };

export function Component() {
  return <NoPage />;
}
