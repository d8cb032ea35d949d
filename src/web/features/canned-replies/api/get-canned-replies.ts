import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { ADMIN_CANNED_REPLIES_KEY, checkedBy } from '../lib/canned-reply-contracts';

/** `GET /api/admin/canned-replies` (admins): every canned reply, by title. */
export function useAdminCannedReplies() {
  return useQuery({
    queryKey: ADMIN_CANNED_REPLIES_KEY,
    queryFn: ({ signal }) =>
      fetchApi(
        apiPaths.admin.cannedReplies,
        { signal },
        checkedBy((contracts) => contracts.cannedReplyListSchema),
      ),
    retry: retryUnlessRefused,
  });
}
