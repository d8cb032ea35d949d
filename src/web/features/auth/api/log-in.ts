import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '../../../../common/contracts/auth';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { checkedBy } from '../lib/auth-contracts';

/**
 * `POST /api/auth/login {email, providedId}`: on success the browser goes to `redirect` (the help-desk
 * authorization); a refusal's `ApiError` carries the code that `loginOutcome` turns into the words of spec
 * section 8.
 */
export function logIn(request: LoginRequest) {
  return fetchApi(
    paths.api.login,
    { json: request },
    checkedBy((contracts) => contracts.loginOkSchema),
  );
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}
