import { lazyContracts } from '../../../lib/lazy-contracts';

/**
 * The check of a ticket answer, with the ticket contracts (and zod) loaded on first use: the ticket pages come
 * with their first data from a signed-in user's server render, so their first load needs none.
 */
export const checkedBy = lazyContracts(() => import('../../../../common/contracts/tickets'));

export { TICKETS_KEY, ticketApiPath } from './ticket-keys';

/** How often a page showing the help desk's last answer (`stale`) asks again, until the desk answers. */
export const STALE_RETRY_MS = 30_000;

/** React Query's `refetchInterval` for an answer that may be `stale`: asked again only while it is. */
export const refetchWhileStale = (query: { state: { data?: { stale?: unknown } | undefined } }) =>
  query.state.data?.stale ? STALE_RETRY_MS : false;
