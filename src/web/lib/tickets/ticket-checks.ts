type TicketContracts = typeof import('../../../common/contracts/tickets');

/**
 * The check of a ticket answer for `fetchApi`, with the contracts (and zod) loaded on first use: the ticket
 * pages come with their first data from a signed-in user's server render, so their first load needs none.
 */
export function checkedBy<T>(
  pick: (contracts: TicketContracts) => { parse(body: unknown): T },
): (body: unknown) => Promise<T> {
  return async (body) => pick(await import('../../../common/contracts/tickets')).parse(body);
}
