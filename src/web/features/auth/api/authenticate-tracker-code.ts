import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { checkedBy } from '../lib/auth-contracts';

/** `GET /api/jira/authenticateCode?code=&state=`: the ticketing system's authorization callback (agents). */
export function authenticateTrackerCode(params: { code: string; state: string }) {
  return fetchApi(
    paths.api.trackerAuthenticateCode,
    { query: params },
    checkedBy((contracts) => contracts.trackerAuthenticateOkSchema),
  );
}
