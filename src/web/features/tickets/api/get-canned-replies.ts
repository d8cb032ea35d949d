import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { lazyContracts } from '../../../lib/lazy-contracts';

const cannedReplyContracts = lazyContracts(() => import('../../../../common/contracts/canned-replies'));

/**
 * `GET /api/tickets/canned-replies` (staff): every canned reply, asked once the composer's list first opens
 * and then filtered as the agent types (a help desk keeps tens of them, not thousands).
 */
export function useCannedReplies(enabled: boolean) {
  return useQuery({
    queryKey: ['canned-replies'] as const,
    queryFn: ({ signal }) =>
      fetchApi(
        apiPaths.tickets.cannedReplies,
        { signal },
        cannedReplyContracts((contracts) => contracts.cannedReplyListSchema),
      ),
    enabled,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}
