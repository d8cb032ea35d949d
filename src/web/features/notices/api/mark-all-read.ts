import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, NOTICES_KEY } from '../lib/notice-contracts';

/** `POST api/noticesModule/mark-all-read {}`: the signed-in user has read every active notice. */
function markAllRead() {
  return fetchApi(
    apiPaths.notices.markAllRead,
    { method: 'POST', json: {} },
    checkedBy((contracts) => contracts.markAllReadAnswerSchema),
  );
}

/** Marks them, then refreshes the notices, so the bell's count and the lists' "Unread" labels go. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
