import type { SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '../../../common/contracts/search.js';
import type { ConnectorSearchQuery, SearchPage } from '../../connectors/search-types.js';
import { executeRows, type Database } from '../../db/client.js';
import { cacheKeyOf } from '../normalise-query.js';
import type { TtlCache } from '../ttl-cache.js';
import {
  allTermsText,
  anyTermText,
  parseQuery,
  partialTerms,
  requiredMatches,
  termText,
  type SynonymIndex,
} from './query-terms.js';
import { countStatement, pageStatement, type FullTextTable, type TextQuery } from './statements.js';

/** Creates the caches of the full-text searches; the search plugin empties all of them on a content load. */
export interface SearchCacheFactory {
  /** Whole result pages of a public content source (same answer for everyone who may see the source). */
  pages<V>(): TtlCache<V>;
  /** Match counts, for any source. */
  counts(): TtlCache<number>;
}

/** What a built-in connector needs to search its tables. */
export interface FullTextOptions {
  db: Database;
  candidateLimit: number;
  caches: SearchCacheFactory;
  /** The reviewed synonym list (config/search-synonyms.yaml), applied to every query. */
  synonyms: SynonymIndex;
}

/** The statement's query for a typed query and a match mode; null when it holds no word at all. */
export function textQueryOf(query: string, match: 'all' | 'any', synonyms: SynonymIndex): TextQuery | null {
  const parsed = parseQuery(query, synonyms);
  if (match === 'all') {
    const text = allTermsText(parsed);
    return text ? { mode: 'all', text } : null;
  }
  const text = anyTermText(parsed);
  if (!text) return null;
  return { mode: 'any', text, terms: partialTerms(parsed).map(termText), required: requiredMatches(parsed) };
}

export interface Headlined {
  headline: string;
}

/** A filter on alias `t`, and the name it is cached under. */
export interface FullTextFilter {
  sql: SQL;
  scope: string;
}

export type FullTextSearch<Hit> = (
  query: ConnectorSearchQuery,
  filter?: FullTextFilter,
) => Promise<SearchPage<Hit>>;

/**
 * A full-text table searched as one source: rows of a page become hits with `toHit`. Content sources (KB,
 * docs, community) keep whole pages of hits in a cache: their rows change only when content is re-loaded (which
 * clears it), and a hit's snippet is cut and escaped once, not on every request. Tickets and defects change
 * all the time and are per user, so only their counts are reused.
 */
export function fullTextSearch<Row extends Record<string, unknown>, Hit>(
  options: FullTextOptions,
  key: string,
  spec: FullTextTable,
  toHit: (row: Row & Headlined) => Hit,
  cachePages: boolean,
): FullTextSearch<Hit> {
  const counts = options.caches.counts();
  const pages = cachePages ? options.caches.pages<SearchPage<Hit>>() : undefined;
  return (query, filter) => {
    const run = async () => {
      const page = await runFullText<Row>(options, counts, key, spec, query, filter);
      return { count: page.count, hits: page.hits.map(toHit) };
    };
    if (!pages) return run();
    return pages.get(
      cacheKeyOf(key, filter?.scope ?? '', query.match ?? 'all', String(query.page), query.query),
      run,
    );
  };
}

/** Page and capped count of one table, run side by side. */
async function runFullText<Row extends Record<string, unknown>>(
  options: FullTextOptions,
  counts: TtlCache<number>,
  key: string,
  spec: FullTextTable,
  query: ConnectorSearchQuery,
  filter?: FullTextFilter,
): Promise<SearchPage<Row & Headlined>> {
  const match = query.match ?? 'all';
  const textQuery = textQueryOf(query.query, match, options.synonyms);
  if (!textQuery) return { count: 0, hits: [] };
  const [rows, count] = await Promise.all([
    executeRows<Row & Headlined>(
      options.db,
      pageStatement(spec, {
        query: textQuery,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
        candidateLimit: options.candidateLimit,
        ...(filter ? { filter: filter.sql } : {}),
      }),
    ),
    counts.get(cacheKeyOf(key, filter?.scope ?? '', match, query.query), async () => {
      const [row] = await executeRows<{ n: number }>(
        options.db,
        countStatement(spec, {
          query: textQuery,
          cap: SEARCH_COUNT_CAP,
          ...(filter ? { filter: filter.sql } : {}),
        }),
      );
      return Number(row?.n ?? 0);
    }),
  ]);
  // A row on the page implies at least that many matches, whatever a cached count says.
  const seen = rows.length > 0 ? (query.page - 1) * query.pageSize + rows.length : 0;
  return { count: Math.max(count, seen), hits: rows };
}
