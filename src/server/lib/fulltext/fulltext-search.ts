import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '../../../common/contracts/search.js';
import type { ConnectorSearchQuery, SearchPage } from '../../connectors/search-types.js';
import { executePreparedRows, executeRows, type Database } from '../../db/client.js';
import { cacheKeyOf } from '../normalise-query.js';
import type { TtlCache } from '../ttl-cache.js';
import {
  allTermsText,
  anyTermText,
  boostTerms,
  matchTerms,
  identifierTitleText,
  namedItemOf,
  parseQuery,
  partialMatchText,
  type ParsedQuery,
  partialTerms,
  type QueryTerm,
  requiredMatches,
  termText,
  titleTermsText,
  type SynonymIndex,
} from './query-terms.js';
import { highlight, highlightTermsOf, stemOf, type HighlightTerms } from './highlight.js';
import type { CommonLexemes, CommonLexemeSet, LexemeStats } from './common-lexemes.js';
import { matchPlanOf, partialPlanOf } from './plan-choice.js';
import { hybridPage, type HybridParts, type VectorRanking } from './hybrid-search.js';
import { EXCERPT_CHARS, searchStatement, type FullTextTable, type TextQuery } from './statements.js';

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
  /** Lexemes common enough that a last word typed in full is not also matched as a prefix. */
  commonLexemes: CommonLexemes;
  /**
   * The content's passage vectors, fused with the ranking of the sources that have them (hybrid-search.ts);
   * absent or not ready: full-text only.
   */
  vectors?: VectorRanking;
  /** Full matches below this count stay full-text only (the search's fallbacks decide on them). */
  extendFrom?: number;
}

/** The statement's query for a typed query and a match mode; null when it holds no word at all. */
export function textQueryOf(
  query: string,
  match: 'all' | 'any',
  synonyms: SynonymIndex,
  common?: CommonLexemeSet,
): TextQuery | null {
  return plannedQuery(query, match, synonyms, common)?.textQuery ?? null;
}

/**
 * The query with its last word taken whole when that word is a common lexeme of the table (common-lexemes.ts):
 * its prefix would cost the index every row it opens, to add rows that hold only longer words opening like it.
 */
function withCommonLastWord(parsed: ParsedQuery, common: CommonLexemeSet | undefined): ParsedQuery {
  const last = parsed.terms[parsed.terms.length - 1];
  const word = last?.words[0];
  if (!common || !last?.prefix || word === undefined || !common.has(stemOf(word))) return parsed;
  return { ...parsed, terms: [...parsed.terms.slice(0, -1), { ...last, prefix: false }] };
}

function plannedQuery(
  query: string,
  match: 'all' | 'any',
  synonyms: SynonymIndex,
  common?: CommonLexemeSet,
): { textQuery: TextQuery; highlight: HighlightTerms; parsed: ParsedQuery } | null {
  const parsed = withCommonLastWord(parseQuery(query, synonyms), common);
  const highlight = highlightTermsOf(parsed);
  const bothPlaces = (term: QueryTerm) => ({ text: termText(term), title: termText(term, 'title') });
  if (match === 'all') {
    const text = allTermsText(parsed);
    if (!text) return null;
    const boosts = boostTerms(parsed, matchTerms(parsed)).map(bothPlaces);
    const identifiers = identifierTitleText(parsed);
    const textQuery: TextQuery = {
      mode: 'all',
      text,
      title: titleTermsText(parsed),
      boosts,
      ...(identifiers ? { identifiers } : {}),
    };
    return { textQuery, highlight, parsed };
  }
  const text = anyTermText(parsed);
  if (!text) return null;
  const counted = partialTerms(parsed);
  const terms = counted.map(bothPlaces);
  const boosts = boostTerms(parsed, counted).map(bothPlaces);
  const required = requiredMatches(parsed);
  const partial = partialMatchText(parsed);
  const identifiers = identifierTitleText(parsed);
  return {
    textQuery: {
      mode: 'any',
      text,
      terms,
      required,
      match: partial,
      boosts,
      ...(identifiers ? { identifiers } : {}),
    },
    highlight,
    parsed,
  };
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
      // The fusion with the vectors answers its own pages: the partial match is asked for on its own there.
      const { partialBelow: _partialBelow, ...single } = query;
      const page =
        (options.vectors &&
          (await hybridPage(hybridParts<Row>(options, counts, key, spec, single, filter), single, {
            vectors: options.vectors,
            table: spec.table,
            extendFrom: options.extendFrom ?? 0,
          }))) ??
        (await runFullText<Row>(options, counts, key, spec, query, filter));
      const hitsOf = (found: SearchPage<Row & Headlined>) => ({
        count: found.count,
        hits: found.hits.map(toHit),
      });
      return { ...hitsOf(page), ...(page.partial ? { partial: hitsOf(page.partial) } : {}) };
    };
    if (!pages) return run();
    return pages.get(
      cacheKeyOf(key, filter?.scope ?? '', query.match ?? 'all', String(query.page), query.query),
      run,
    );
  };
}

/**
 * The row of searchStatement: the page's columns (null on the row of an empty page) and the count; with a
 * partial match asked for, which of the two the row is of.
 */
type StatementRow<Row> = { [K in keyof Row]: Row[K] | null } & {
  excerpt: string | null;
  total: number;
  partial?: boolean;
  /** The rank the rows are ordered by, with a partial match asked for (not a column of the page). */
  match_rank?: number | null;
};

/** What `sourceStatement` needs beside the query: the options of the connector and its table's statistics. */
export type SourceStatementOptions = Pick<FullTextOptions, 'synonyms' | 'candidateLimit'> & {
  stats: LexemeStats;
};

/**
 * The statement one search runs on one table (the page and the capped count) and the terms its snippets
 * highlight; null when the query holds no word. The capacity bench runs the same statements raw.
 */
export function sourceStatement(
  spec: FullTextTable,
  query: Omit<ConnectorSearchQuery, 'signal'>,
  options: SourceStatementOptions,
  filter?: SQL,
): { statement: SQL; highlight: HighlightTerms } | null {
  const match = query.match ?? 'all';
  const planned = plannedQuery(query.query, match, options.synonyms, options.stats);
  if (!planned) return null;
  // Left to the index: a filtered search (tickets and defects: the statistics are the table's, not those of
  // the requester's rows).
  const planOf = (mode: 'all' | 'any', parsed: ParsedQuery) =>
    filter
      ? 'index'
      : (mode === 'all' ? matchPlanOf : partialPlanOf)(parsed, options.stats, SEARCH_COUNT_CAP);
  const partial =
    match === 'all' && query.partialBelow !== undefined
      ? plannedQuery(query.query, 'any', options.synonyms, options.stats)
      : null;
  const named = namedRow(spec, planned.parsed);
  const statement = searchStatement(spec, {
    query: planned.textQuery,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    candidateLimit: options.candidateLimit,
    cap: SEARCH_COUNT_CAP,
    plan: planOf(match, planned.parsed),
    ...(filter ? { filter } : {}),
    ...(named ? { named } : {}),
    ...(partial && query.partialBelow !== undefined
      ? {
          partial: {
            query: partial.textQuery,
            plan: planOf('any', partial.parsed),
            below: query.partialBelow,
          },
        }
      : {}),
  });
  // The partial match's snippets highlight the same words: highlightTermsOf reads the parsed query only.
  return { statement, highlight: planned.highlight };
}

/** The condition on the row a query of one ticket number or issue key names, for a table keyed by it. */
function namedRow(spec: FullTextTable, parsed: ParsedQuery): SQL | null {
  const item = namedItemOf(parsed);
  if (!item || !spec.named || spec.named.kind !== item.kind) return null;
  const column = sql.raw(spec.named.column);
  return item.kind === 'ticket' ? sql`${column} = ${item.id}` : sql`${column} = ${item.key}`;
}

/** Page and capped count of one table, in one statement; counts are reused from the cache when known. */
async function runFullText<Row extends Record<string, unknown>>(
  options: FullTextOptions,
  counts: TtlCache<number>,
  key: string,
  spec: FullTextTable,
  query: ConnectorSearchQuery,
  filter?: FullTextFilter,
): Promise<SearchPage<Row & Headlined>> {
  const match = query.match ?? 'all';
  const stats = await options.commonLexemes.of(spec.table, spec.vector ?? 'search');
  const source = sourceStatement(spec, query, { ...options, stats }, filter?.sql);
  if (!source) return { count: 0, hits: [] };
  // Prepared: each connection parses and plans a text once. The partial match's text, like the full match's,
  // no longer grows with the number of terms (their tsqueries are one array parameter), so a table has a few
  // texts of each (index or scan, with or without narrowing words or identifiers, a short or a long query),
  // each holding about 100 KB of the server's memory per connection (bench/search/statement-memory.ts).
  const rows = await executePreparedRows<StatementRow<Row>>(options.db, source.statement);
  const pageOf = async (
    mode: 'all' | 'any',
    ofMode: StatementRow<Row>[],
  ): Promise<SearchPage<Row & Headlined>> => {
    const total = Number(ofMode[0]?.total ?? 0);
    // The count is the statement's own; the cache keeps it so that the count a visitor saw on page 1 stays
    // the count of page 2 while the cache holds it.
    const count = await counts.get(cacheKeyOf(key, filter?.scope ?? '', mode, query.query), () =>
      Promise.resolve(total),
    );
    const hits = ofMode
      .filter((row) => row.excerpt !== null)
      .map(({ partial: _partial, match_rank: _rank, ...row }) => ({
        ...(row as unknown as Row),
        headline: highlight(row.excerpt ?? '', source.highlight),
      }));
    // A row on the page implies at least that many matches, whatever a cached count says.
    const seen = hits.length > 0 ? (query.page - 1) * query.pageSize + hits.length : 0;
    return { count: Math.max(count, seen), hits };
  };
  const partialRows = rows.filter((row) => row.partial === true);
  const page = await pageOf(
    match,
    rows.filter((row) => row.partial !== true),
  );
  return partialRows.length > 0 ? { ...page, partial: await pageOf('any', partialRows) } : page;
}

/** A condition on alias `t`: the id is one of these (one parameter, so the statement's text stays the same). */
function idIn(ids: readonly number[]): SQL {
  return sql`t.id = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}

/** The full-text search of one query as the fusion with the vectors asks it (hybrid-search.ts). */
function hybridParts<Row extends Record<string, unknown>>(
  options: FullTextOptions,
  counts: TtlCache<number>,
  key: string,
  spec: FullTextTable,
  query: ConnectorSearchQuery,
  filter: FullTextFilter | undefined,
): HybridParts<Row & Headlined> {
  const withFilter = (condition: SQL): SQL => (filter ? sql`(${filter.sql}) and ${condition}` : condition);
  return {
    textTop: (size) =>
      runFullText<Row>(options, counts, key, spec, { ...query, page: 1, pageSize: size }, filter),
    textAmong: (ids) =>
      runFullText<Row>(
        options,
        counts,
        key,
        spec,
        { ...query, page: 1, pageSize: ids.length },
        // Its own count-cache entry: the count of these ids is not the query's.
        { sql: withFilter(idIn(ids)), scope: `${filter?.scope ?? ''}\u0001${ids.join(',')}` },
      ),
    rowsOf: async (ids) => {
      const terms = plannedQuery(query.query, query.match ?? 'all', options.synonyms)?.highlight;
      const rows = await executeRows<Row & { excerpt: string }>(
        options.db,
        sql`select ${sql.raw(spec.columns)}, left(${sql.raw(`t.${spec.textColumn}`)}, ${EXCERPT_CHARS}) as excerpt
          from ${sql.raw(spec.table)} t where ${withFilter(idIn(ids))}`,
      );
      return rows.map((row) => ({ ...row, headline: terms ? highlight(row.excerpt, terms) : row.excerpt }));
    },
    idOf: (row) => Number(row.id),
  };
}
