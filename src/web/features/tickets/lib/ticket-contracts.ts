import { lazyContracts } from '../../../lib/lazy-contracts';

/**
 * The check of a ticket answer, with the ticket contracts (and zod) loaded on first use: the ticket pages come
 * with their first data from a signed-in user's server render, so their first load needs none.
 */
export const checkedBy = lazyContracts(() => import('../../../../common/contracts/tickets'));

export { TICKETS_KEY, ticketApiPath } from './ticket-keys';
