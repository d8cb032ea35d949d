import { useMutation } from '@tanstack/react-query';
import { signupOkSchema, type SignupRequest } from '../../../../common/contracts/auth';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** `POST /api/auth/signup {email, name, providedId, verified: true}`. */
export function signUp(request: SignupRequest) {
  return fetchApi(paths.api.signup, { json: request }, (body) => signupOkSchema.parse(body));
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
