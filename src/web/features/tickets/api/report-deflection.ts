import { apiPaths } from '../../../../common/api-paths';
import type { DeflectionEvent } from '../../../../common/contracts/deflection';
import { fetchApi } from '../../../lib/api-client';

/**
 * `POST /api/tickets/deflection`: tells the analytics which articles a ticket form suggested, or which one the
 * customer opened. Sent with `keepalive` so it survives a page the customer leaves; a failure costs only the
 * report, never the form.
 */
export function reportDeflection(event: DeflectionEvent): Promise<void> {
  return fetchApi(
    apiPaths.tickets.deflection,
    { method: 'POST', json: event, keepalive: true },
    () => undefined,
  ).catch(() => undefined);
}
