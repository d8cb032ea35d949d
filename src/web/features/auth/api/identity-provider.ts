import { queryOptions } from '@tanstack/react-query';
import {
  authProvidersSchema,
  azureAdAuthenticateOkSchema,
  type AuthProviders,
  type OAuthCallbackQuery,
} from '../../../../common/contracts/auth';
import { callContract } from '../../../lib/api-contract';
import { paths } from '../../../lib/paths';

/**
 * `GET /api/auth/providers {oidc}`: whether a corporate identity provider is configured, which shows the SSO
 * button. A failure hides the button (the credential form is always there).
 */
export async function getAuthProviders(): Promise<AuthProviders> {
  const answer = await callContract(authProvidersSchema, paths.api.authProviders);
  return answer.ok ? answer.data : { oidc: false };
}

export function authProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: getAuthProviders,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** The identity provider's callback parameters the API needs (`iss` too: openid-client checks it, RFC 9207). */
export function readOAuthCallbackQuery(search: URLSearchParams): OAuthCallbackQuery {
  const optional = (name: string) => search.get(name) ?? undefined;
  return {
    code: search.get('code') ?? '',
    state: search.get('state') ?? '',
    iss: optional('iss'),
    session_state: optional('session_state'),
  };
}

/** `GET /api/azureAD/authenticateCode?code=&state=&iss=`, called by the popup's `/login/callback` page. */
export function authenticateIdentityCode(query: OAuthCallbackQuery) {
  return callContract(azureAdAuthenticateOkSchema, paths.api.identityAuthenticateCode, {
    query: { ...query },
  });
}
