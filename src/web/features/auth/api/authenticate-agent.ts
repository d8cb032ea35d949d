import { useMutation } from '@tanstack/react-query';
import type { AuthenticateRequest } from '../../../../common/contracts/auth';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { checkedBy } from '../lib/auth-contracts';

/** `POST /api/zendesk/authenticate {user, pass, username, loginType}`: the agent credential form. */
function authenticateAgent(request: AuthenticateRequest) {
  return fetchApi(
    paths.api.authenticate,
    { json: request },
    checkedBy((contracts) => contracts.authenticateOkSchema),
  );
}

export function useAuthenticateAgent() {
  return useMutation({ mutationFn: authenticateAgent });
}
