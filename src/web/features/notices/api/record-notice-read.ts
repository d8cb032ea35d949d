import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, NOTICES_KEY } from '../lib/notice-contracts';

/** `POST api/noticesModule/seen-by-users {id, userId}`: the signed-in user read the notice. */
function recordNoticeRead(read: { id: string; userId: string }) {
  return fetchApi(
    apiPaths.notices.seenByUsers,
    { method: 'POST', json: read },
    checkedBy((contracts) => contracts.recordReadAnswerSchema),
  );
}

/** Records the read, then refreshes the notices, so the bell's count drops. */
export function useRecordNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordNoticeRead,
    onSuccess: (answer) =>
      answer.recorded ? queryClient.invalidateQueries({ queryKey: NOTICES_KEY }) : undefined,
  });
}
