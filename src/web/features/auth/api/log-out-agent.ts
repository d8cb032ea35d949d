import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** `GET /logoutAgent`'s call: ends the agent's server session. Best effort, as the customer's logout. */
export async function logOutAgent(): Promise<void> {
  await fetchApi(paths.api.logoutAgent, {}, () => undefined).catch(() => undefined);
}
