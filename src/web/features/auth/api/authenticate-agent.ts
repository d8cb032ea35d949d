import { useMutation } from '@tanstack/react-query';
import { authenticateOkSchema, type AuthenticateRequest } from '../../../../common/contracts/auth';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** `POST /api/zendesk/authenticate {user, pass, username, loginType}`: the agent credential form. */
function authenticateAgent(request: AuthenticateRequest) {
  return fetchApi(paths.api.authenticate, { json: request }, (body) => authenticateOkSchema.parse(body));
}

export function useAuthenticateAgent() {
  return useMutation({ mutationFn: authenticateAgent });
}
