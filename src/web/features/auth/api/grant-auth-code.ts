import { authCodeGrantOkSchema } from '../../../../common/contracts/auth';
import { callContract } from '../../../lib/api-contract';
import { paths } from '../../../lib/paths';

/**
 * `POST /api/zendesk/authCodeGrant?code=&state=`: exchanges the help desk's code for a signed-in session
 * (the server sets the cookie) and answers the user, the chat widget's JWT and where to go next.
 */
export function grantAuthCode(params: { code: string; state: string }) {
  return callContract(authCodeGrantOkSchema, paths.api.authCodeGrant, { method: 'POST', query: params });
}
