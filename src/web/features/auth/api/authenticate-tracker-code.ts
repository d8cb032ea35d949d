import { trackerAuthenticateOkSchema } from '../../../../common/contracts/auth';
import { callContract } from '../../../lib/api-contract';
import { paths } from '../../../lib/paths';

/** `GET /api/jira/authenticateCode?code=&state=`: the ticketing system's authorization callback (agents). */
export function authenticateTrackerCode(params: { code: string; state: string }) {
  return callContract(trackerAuthenticateOkSchema, paths.api.trackerAuthenticateCode, { query: params });
}
