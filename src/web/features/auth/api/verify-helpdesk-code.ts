import { useMutation } from '@tanstack/react-query';
import { helpdeskVerifyOkSchema } from '../../../../common/contracts/auth';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** `POST /api/helpdesk/authorize/verify {requestId, code}`: the browser then goes to `redirect`. */
function verifyHelpdeskCode(request: { requestId: string; code: string }) {
  return fetchApi(paths.api.helpdeskVerify, { json: request }, (body) => helpdeskVerifyOkSchema.parse(body));
}

export function useVerifyHelpdeskCode() {
  return useMutation({ mutationFn: verifyHelpdeskCode });
}
