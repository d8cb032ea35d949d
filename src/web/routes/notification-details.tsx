import { useSearchParams } from 'react-router';
import { MemberPage } from '../lib/session/member-page';
import { NoticeDetailsPage } from '../features/notices/components/notice-details-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Notification',
    description: `One support notice from ${config.product.company}.`,
  }),
};

function Details() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return <NoticeDetailsPage id={/^\d{1,16}$/.test(id) ? id : ''} />;
}

export function Component() {
  return (
    <MemberPage title="Notification">
      <Details />
    </MemberPage>
  );
}
