import { useMutation } from '@tanstack/react-query';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { checkedBy } from '../lib/auth-contracts';

/** `POST /api/helpdesk/authorize/verify {requestId, code}`: the browser then goes to `redirect`. */
function verifyHelpdeskCode(request: { requestId: string; code: string }) {
  return fetchApi(
    paths.api.helpdeskVerify,
    { json: request },
    checkedBy((contracts) => contracts.helpdeskVerifyOkSchema),
  );
}

export function useVerifyHelpdeskCode() {
  return useMutation({ mutationFn: verifyHelpdeskCode });
}
