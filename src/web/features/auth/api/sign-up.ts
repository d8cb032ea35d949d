import { useMutation } from '@tanstack/react-query';
import type { SignupRequest } from '../../../../common/contracts/auth';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { checkedBy } from '../lib/auth-contracts';

/** `POST /api/auth/signup {email, name, providedId, verified: true}`. */
export function signUp(request: SignupRequest) {
  return fetchApi(
    paths.api.signup,
    { json: request },
    checkedBy((contracts) => contracts.signupOkSchema),
  );
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
