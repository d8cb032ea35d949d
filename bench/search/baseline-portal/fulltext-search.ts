import { SEARCH_COUNT_CAP } from '../../../src/common/contracts/search.js';
import { executeRows } from '../../../src/server/db/client.js';
import {
  textQueryOf,
  type FullTextOptions,
  type FullTextSearch,
  type Headlined,
} from '../../../src/server/lib/fulltext/fulltext-search.js';
import type { FullTextTable } from '../../../src/server/lib/fulltext/statements.js';
import { baselineCountStatement, baselinePageStatement } from '../baseline-statements.js';

/**
 * The portal's full-text module as it searched before issue 10's item 4, for the capacity bench's "API,
 * caches off, baseline statements" run: hooks.mjs puts this module in the place of
 * src/server/lib/fulltext/fulltext-search.ts, so the whole portal (HTTP, fallbacks, presenters) runs as it
 * does today and only the statements differ: per source the page statement highlighted by ts_headline and a
 * separate capped count (baseline-statements.ts), the last word always a prefix. The caches are off in that
 * run, so this keeps none. Everything else the module exports is the real one.
 */
export * from '../../../src/server/lib/fulltext/fulltext-search.js';

export function fullTextSearch<Row extends Record<string, unknown>, Hit>(
  options: FullTextOptions,
  _key: string,
  spec: FullTextTable,
  toHit: (row: Row & Headlined) => Hit,
): FullTextSearch<Hit> {
  return async (query, filter) => {
    // The bench searches as a visitor: public sources only, which take no filter.
    if (filter) throw new Error('the baseline portal searches the public sources only');
    const textQuery = textQueryOf(query.query, query.match ?? 'all', options.synonyms);
    if (!textQuery) return { count: 0, hits: [] };
    const [rows, counts] = await Promise.all([
      executeRows<Row & Headlined>(
        options.db,
        baselinePageStatement(spec, {
          query: textQuery,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
          candidateLimit: options.candidateLimit,
        }),
      ),
      executeRows<{ n: number }>(
        options.db,
        baselineCountStatement(spec, { query: textQuery, cap: SEARCH_COUNT_CAP }),
      ),
    ]);
    return { count: Number(counts[0]?.n ?? 0), hits: rows.map(toHit) };
  };
}
