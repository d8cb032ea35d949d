/**
 * Zendesk's two ways of paging a list (https://developer.zendesk.com/api-reference/introduction/pagination/):
 *
 * - cursor: asked with `page[size]` ("Most endpoints limit this to a maximum of 100"), then `page[after]` or
 *   `page[before]`; the answer carries `meta: {has_more, after_cursor, before_cursor}` and
 *   `links: {next, prev}`, full URLs with `page[size]` and `page[after]` / `page[before]`;
 * - offset: `page` and `per_page`, answering `page`, `per_page`, `page_count`, `count`, `next_page` and
 *   `previous_page`; "offset-based pagination requests over the first 10,000 records (100 pages) will result in
 *   a '400 Bad Request'" (https://developer.zendesk.com/documentation/api-basics/pagination/paginating-through-lists).
 *   Help Center articles default to 30 per page (same page).
 *
 * Not documented: the cursor's form (opaque here: base64url of the last id), the body of the 400 past page 100,
 * and what `page[size]` above 100 does (clamped to 100 here).
 */

export interface Page<T> {
  status: number;
  body: Record<string, unknown>;
  items: T[];
}

const MAX_CURSOR_SIZE = 100;
const MAX_OFFSET_PAGES = 100;

const encodeCursor = (id: number): string => Buffer.from(`id:${id}`).toString('base64url');

function decodeCursor(cursor: string): number | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^id:(\d+)$/.exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The 400 of a paging parameter the fake refuses (not documented: Zendesk's exact body). */
export const invalidPagination = (detail: string) => ({
  status: 400,
  body: { error: 'InvalidPaginationParameter', description: detail },
});

/**
 * One page of `items` (sorted by id) under `key`, by cursor when `page[size]` is given, else by offset.
 * `selfUrl` is the list's URL without its query, for `links` and `next_page`.
 */
export function pageOf<T extends { id: number }>(
  key: string,
  all: readonly T[],
  query: URLSearchParams,
  selfUrl: string,
  defaultPerPage: number,
): Page<T> | { status: number; body: Record<string, unknown> } {
  const items = [...all].sort((a, b) => a.id - b.id);
  const size = query.get('page[size]');
  if (size !== null) {
    const pageSize = Number(size);
    if (!Number.isInteger(pageSize) || pageSize < 1)
      return invalidPagination('page[size] must be a positive integer');
    const limit = Math.min(pageSize, MAX_CURSOR_SIZE);
    const after = query.get('page[after]');
    const before = query.get('page[before]');
    let window: T[];
    let hasMore: boolean;
    if (before !== null) {
      const bound = decodeCursor(before);
      if (bound === undefined) return invalidPagination('page[before] is not a valid cursor');
      const earlier = items.filter((item) => item.id < bound);
      window = earlier.slice(Math.max(0, earlier.length - limit));
      hasMore = earlier.length > limit;
    } else {
      const bound = after === null ? undefined : decodeCursor(after);
      if (after !== null && bound === undefined)
        return invalidPagination('page[after] is not a valid cursor');
      const later = bound === undefined ? items : items.filter((item) => item.id > bound);
      window = later.slice(0, limit);
      hasMore = later.length > limit;
    }
    const first = window[0];
    const last = window[window.length - 1];
    const afterCursor = last === undefined ? null : encodeCursor(last.id);
    const beforeCursor = first === undefined ? null : encodeCursor(first.id);
    const link = (name: 'after' | 'before', cursor: string | null) =>
      cursor === null ? null : `${selfUrl}?page[size]=${limit}&page[${name}]=${cursor}`;
    return {
      status: 200,
      items: window,
      body: {
        [key]: window,
        meta: { has_more: hasMore, after_cursor: afterCursor, before_cursor: beforeCursor },
        links: { next: hasMore ? link('after', afterCursor) : null, prev: link('before', beforeCursor) },
      },
    };
  }

  const page = Number(query.get('page') ?? 1);
  const perPage = Math.min(Number(query.get('per_page') ?? defaultPerPage), 100);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1)
    return invalidPagination('page and per_page must be positive integers');
  if (page > MAX_OFFSET_PAGES)
    return invalidPagination('Offset pagination is limited to the first 100 pages; use cursor pagination');
  const window = items.slice((page - 1) * perPage, page * perPage);
  const pageCount = Math.max(1, Math.ceil(items.length / perPage));
  const pageUrl = (n: number) => `${selfUrl}?page=${n}&per_page=${perPage}`;
  return {
    status: 200,
    items: window,
    body: {
      [key]: window,
      page,
      per_page: perPage,
      page_count: pageCount,
      count: items.length,
      next_page: page < pageCount ? pageUrl(page + 1) : null,
      previous_page: page > 1 ? pageUrl(page - 1) : null,
    },
  };
}
