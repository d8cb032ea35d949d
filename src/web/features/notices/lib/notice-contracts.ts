type NoticeContracts = typeof import('../../../../common/contracts/notices');

/**
 * The check of a notice answer for `fetchApi`, with the contracts (and zod) loaded on first use: the bell is
 * in the header of every page, and zod must not come with the first page's bundle.
 */
export function checkedBy<T>(
  pick: (contracts: NoticeContracts) => { parse(body: unknown): T },
): (body: unknown) => Promise<T> {
  return async (body) => pick(await import('../../../../common/contracts/notices')).parse(body);
}

/** Every notice query starts with this key, so one invalidation refreshes the bell and every list. */
export const NOTICES_KEY = ['notices'] as const;
