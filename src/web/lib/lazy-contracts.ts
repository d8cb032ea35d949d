/**
 * A checker factory for `fetchApi` answers whose contracts (and zod with them) load on first use: pages come
 * with their data from the server render and the header's bell is on every page, so zod must not be part of
 * the first page's bundle. `load` is a function holding a literal `import()`, which the bundler splits off.
 */
export function lazyContracts<Contracts>(
  load: () => Promise<Contracts>,
): <T>(pick: (contracts: Contracts) => { parse(body: unknown): T }) => (body: unknown) => Promise<T> {
  return (pick) => async (body) => pick(await load()).parse(body);
}
