import type { OAuthCallbackQuery } from '../../../../common/contracts/auth';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { checkedBy } from '../lib/auth-contracts';

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
  return fetchApi(
    paths.api.identityAuthenticateCode,
    { query: { ...query } },
    checkedBy((contracts) => contracts.azureAdAuthenticateOkSchema),
  );
}
