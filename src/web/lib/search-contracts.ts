type SearchContracts = typeof import('../../common/contracts/search');

/**
 * The check of a search answer for `fetchApi`, with the contracts (and zod) loaded on first use: the search
 * and docs pages come with their data from the server render, so their first load needs no validator at all.
 */
export function checkedBy<T>(
  pick: (contracts: SearchContracts) => { parse(body: unknown): T },
): (body: unknown) => Promise<T> {
  return async (body) => pick(await import('../../common/contracts/search')).parse(body);
}
