import { useMutation } from '@tanstack/react-query';
import type { SignupRequest } from '../../../../common/contracts/auth';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** `POST /api/zendesk/createUser {user}`: the help-desk user, created after a successful signup (spec section 4). */
export async function createHelpdeskUser(user: SignupRequest): Promise<void> {
  // The answer's body is not part of the contract: any 2xx is a success.
  await fetchApi(paths.api.createUser, { json: { user } }, () => undefined);
}

export function useCreateHelpdeskUser() {
  return useMutation({ mutationFn: createHelpdeskUser });
}
