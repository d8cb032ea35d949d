import { useSearchParams } from 'react-router';
import { MemberPage } from '../lib/session/member-page';
import { useCan } from '../lib/session/use-can';
import { AdminsOnly } from '../features/notices/components/admins-only';
import { NoticeReadersPage } from '../features/notices/components/notice-readers-page';
import type { PortalRouteHandle } from '../lib/route-handle';
import { prefetchInto } from '../lib/prefetch-into';
import { noticeIdParam } from '../features/notices/lib/notice-id-param';
import { sessionCan } from '../lib/session/use-can';
import { noticeItemKey } from '../features/notices/api/get-notice';
import { seenByUsersKey } from '../features/notices/api/get-seen-by-users';

export const handle: PortalRouteHandle = {
  membersOnly: true,
  meta: () => ({
    title: 'Notice readers',
    description: 'The users who read a support notice (admins only).',
  }),
  // An admin's render holds the notice and its readers, so the table is in the first HTML.
  prefetch: async (queryClient, data, searchParams, session) => {
    const id = noticeIdParam(searchParams);
    if (!sessionCan(session, 'readSeenBy') || id === '') return;
    await Promise.all([
      prefetchInto(queryClient, noticeItemKey(id), () => data.notice({ id })),
      prefetchInto(queryClient, seenByUsersKey(id), () => data.noticeReaders({ id })),
    ]);
  },
};

function Readers() {
  const readsSeenBy = useCan('readSeenBy');
  const [params] = useSearchParams();
  if (!readsSeenBy) return <AdminsOnly />;
  return <NoticeReadersPage id={noticeIdParam(params)} />;
}

export function Component() {
  return (
    <MemberPage title="Notice readers" width="wide">
      <Readers />
    </MemberPage>
  );
}
