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

/**
 * Marks them, then refreshes the notices, so the bell's count and the lists' "Unread" labels go. `onMarked`
 * runs before the refresh: the caller moves the focus off a control the refresh removes.
 */
export function useMarkAllRead(onMarked?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => {
      onMarked?.();
      return queryClient.invalidateQueries({ queryKey: NOTICES_KEY });
    },
  });
}
