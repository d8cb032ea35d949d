/**
 * The page numbers the search page shows (spec section 9): at most `maxPages` of them, none when everything
 * fits on one page. The window holds the first pages while the current page is at most `maxPages / 2 + 1`
 * (6 for 10), then slides so the current page stays sixth, and holds the last pages near the end.
 */
export function paginationWindow(count: number, page: number, pageSize = 10, maxPages = 10): number[] {
  if (!Number.isFinite(count) || count <= pageSize || pageSize < 1 || maxPages < 1) return [];
  const totalPages = Math.ceil(count / pageSize);
  if (totalPages <= maxPages) return range(1, totalPages);
  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), totalPages);
  const lead = Math.floor(maxPages / 2) + 1;
  const start = Math.min(Math.max(current - lead + 1, 1), totalPages - maxPages + 1);
  return range(start, start + maxPages - 1);
}

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
