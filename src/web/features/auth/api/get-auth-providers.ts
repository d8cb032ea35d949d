import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '../../../../common/contracts/auth';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { checkedBy } from '../lib/auth-contracts';

/**
 * `GET /api/auth/providers {oidc}`: whether a corporate identity provider is configured, which shows the SSO
 * button. A failure hides the button (the credential form is always there).
 */
async function getAuthProviders(): Promise<AuthProviders> {
  return fetchApi(
    paths.api.authProviders,
    {},
    checkedBy((contracts) => contracts.authProvidersSchema),
  ).catch(() => ({
    oidc: false,
  }));
}

function authProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: getAuthProviders,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
