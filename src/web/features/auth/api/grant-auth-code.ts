import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { checkedBy } from '../lib/auth-contracts';

/**
 * `POST /api/zendesk/authCodeGrant?code=&state=`: exchanges the help desk's code for a signed-in session
 * (the server sets the cookie) and answers the user, the chat widget's JWT and where to go next.
 */
export function grantAuthCode(params: { code: string; state: string }) {
  return fetchApi(
    paths.api.authCodeGrant,
    { method: 'POST', query: params },
    checkedBy((contracts) => contracts.authCodeGrantOkSchema),
  );
}
