import { useSearchParams } from 'react-router';
import { MemberPage } from '../lib/session/member-page';
import { useCan } from '../lib/session/use-can';
import { AdminsOnly } from '../features/notices/components/admins-only';
import { NoticeReadersPage } from '../features/notices/components/notice-readers-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: () => ({
    title: 'Notice readers',
    description: 'The users who read a support notice (admins only).',
  }),
};

function Readers() {
  const readsSeenBy = useCan('readSeenBy');
  const [params] = useSearchParams();
  if (!readsSeenBy) return <AdminsOnly />;
  return <NoticeReadersPage id={/^\d{1,16}$/.test(params.get('id') ?? '') ? (params.get('id') ?? '') : ''} />;
}

export function Component() {
  return (
    <MemberPage title="Notice readers" width="wide">
      <Readers />
    </MemberPage>
  );
}
