import { loginOkSchema, type LoginRequest } from '../../../../common/contracts/auth';
import { callContract } from '../../../lib/api-contract';
import { paths } from '../../../lib/paths';

/**
 * `POST /api/auth/login {email, providedId}`: on success the browser goes to `redirect` (the help-desk
 * authorization); a refusal carries the code that `loginOutcome` turns into the words of spec section 8.
 */
export function logIn(request: LoginRequest) {
  return callContract(loginOkSchema, paths.api.login, { json: request });
}
