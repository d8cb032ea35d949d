import type { HelpdeskStartRequest } from '../../../../common/contracts/auth';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { checkedBy } from '../lib/auth-contracts';

/** The OAuth parameters of the authorization page, as the page received them in its query string. */
const HELPDESK_START_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'role',
  'login_hint',
] as const satisfies ReadonlyArray<keyof HelpdeskStartRequest>;

type HelpdeskStartParams = Record<(typeof HELPDESK_START_PARAMS)[number], string>;

export function readHelpdeskStartParams(search: URLSearchParams): HelpdeskStartParams {
  return Object.fromEntries(
    HELPDESK_START_PARAMS.map((name) => [name, search.get(name) ?? '']),
  ) as HelpdeskStartParams;
}

/**
 * `POST /api/helpdesk/authorize/start`: the server checks the OAuth request and emails a one-time code.
 * The body is passed as received: the server's schema is the judge of the parameters.
 */
export function startHelpdeskAuthorization(params: HelpdeskStartParams) {
  return fetchApi(
    paths.api.helpdeskStart,
    { json: params },
    checkedBy((contracts) => contracts.helpdeskStartOkSchema),
  );
}
