import { z } from 'zod';
import { signupOkSchema, type SignupRequest } from '../../../../common/contracts/auth';
import { callContract } from '../../../lib/api-contract';
import { paths } from '../../../lib/paths';

/** `POST /api/auth/signup {email, name, providedId, verified: true}`. */
export function signUp(request: SignupRequest) {
  return callContract(signupOkSchema, paths.api.signup, { json: request });
}

/** `POST /api/zendesk/createUser {user}`: the help-desk user, created after a successful signup (spec section 4). */
export function createHelpdeskUser(user: SignupRequest) {
  // The answer's body is not part of the contract: any 2xx is a success.
  return callContract(z.unknown(), paths.api.createUser, { json: { user } });
}
