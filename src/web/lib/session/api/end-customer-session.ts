import { fetchApi } from '../../api-client';
import { paths } from '../../paths';

/**
 * `POST /api/auth/logout`: ends the customer's server session. Best effort: the local sign-out has happened
 * either way, and the next sign-in gets a new session id.
 */
export async function endCustomerSession(): Promise<void> {
  await fetchApi(paths.api.logoutCustomer, { method: 'POST' }, () => undefined).catch(() => undefined);
}
