import { authenticateOkSchema, type AuthenticateRequest } from '../../../../common/contracts/auth';
import { callContract } from '../../../lib/api-contract';
import { paths } from '../../../lib/paths';

/** `POST /api/zendesk/authenticate {user, pass, username, loginType}`: the agent credential form. */
export function authenticateAgent(request: AuthenticateRequest) {
  return callContract(authenticateOkSchema, paths.api.authenticate, { json: request });
}
