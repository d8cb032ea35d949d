/**
 * One spelling per query: "Transit  Gateway" and "transit gateway" parse to the same tsquery, so they share
 * cache entries and count as one query in analytics.
 */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A cache key from its parts; the last part is the query, normalised. NUL cannot occur in the other parts. */
export function cacheKeyOf(...parts: [string, ...string[]]): string {
  const query = parts[parts.length - 1] ?? '';
  return [...parts.slice(0, -1), normaliseQuery(query)].join('\u0000');
}
