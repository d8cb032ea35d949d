import { useSearchParams } from 'react-router';
import { MemberPage } from '../lib/session/member-page';
import { NoticeDetailsPage } from '../features/notices/components/notice-details-page';
import type { PortalRouteHandle } from '../lib/route-handle';
import { prefetchInto } from '../lib/prefetch-into';
import { noticeIdParam } from '../features/notices/lib/notice-id-param';
import { sessionCan } from '../lib/session/use-can';
import { noticeItemKey } from '../features/notices/api/get-notice';
import { noticeChangesKey } from '../features/notices/api/get-notice-changes';

export const handle: PortalRouteHandle = {
  membersOnly: true,
  meta: ({ config }) => ({
    title: 'Notification',
    description: `One support notice from ${config.product.company}.`,
  }),
  // A signed-in render holds the notice and, for an admin, its history: fetched after hydration, each
  // replaced a loading line and pushed what follows down.
  prefetch: async (queryClient, data, searchParams, session) => {
    const id = noticeIdParam(searchParams);
    if (!session.signedIn || id === '') return;
    await Promise.all([
      prefetchInto(queryClient, noticeItemKey(id), () => data.notice({ id })),
      sessionCan(session, 'readSeenBy')
        ? prefetchInto(queryClient, noticeChangesKey(id), () => data.noticeChanges({ id }))
        : undefined,
    ]);
  },
};

function Details() {
  const [params] = useSearchParams();
  return <NoticeDetailsPage id={noticeIdParam(params)} />;
}

export function Component() {
  return (
    <MemberPage title="Notification">
      <Details />
    </MemberPage>
  );
}
