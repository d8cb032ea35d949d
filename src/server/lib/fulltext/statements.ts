import { sql, type SQL } from 'drizzle-orm';
import { MARK_END, MARK_START } from '../../../common/snippet.js';
import { SEARCH_CONFIG } from '../../db/search-columns.js';

/**
 * The full-text statements every built-in source runs (and the benchmark runs raw against the database).
 *
 * Ranking cost must not grow with the corpus, so a page is found in three steps: the GIN index yields at most
 * `candidateLimit` matching rows (no ordering, so no full sort of every match), only those are ranked with
 * ts_rank (title words weigh more than body words; ts_rank_cd, which also rewards proximity, costs ten times
 * as much per candidate) plus a bonus when the title matches (a title match then always outranks a body
 * match), and only the page's rows get a ts_headline. The count is separate and capped, so a common word costs at most `cap`
 * index entries.
 *
 * The tsquery is written out in every place it is used rather than computed once in a CTE: with the query text
 * bound as a parameter of an unnamed statement, the planner folds `to_tsquery` (immutable with an
 * explicit configuration) into a constant and estimates its selectivity from the column's statistics. A
 * common word then gets a sequential scan that stops after `candidateLimit` matches, a rare one the GIN index;
 * behind a CTE the planner cannot see the words and always builds the full bitmap of every match.
 */

export interface FullTextTable {
  /** Table name (a constant of our schema, never user input). */
  table: string;
  /** Plain-text column the snippet is highlighted from. */
  textColumn: string;
  /** Select list over alias `t`, e.g. `t.id, t.title`. */
  columns: string;
}

/**
 * What a statement matches: every term (`all`, the first try) or enough of the meaningful terms (`any`, the
 * partial match, ranked by how many terms an item holds, title matches first). Texts come from
 * query-terms.ts: runs of letters and digits joined by tsquery operators, never the user's own operators.
 */
export type TextQuery =
  { mode: 'all'; text: string } | { mode: 'any'; text: string; terms: readonly string[]; required: number };

const tsQuery = (text: string): SQL => sql`to_tsquery(${SEARCH_CONFIG}::regconfig, ${text})`;

/**
 * The same query restricted to title words (weight A): every lexeme `'x'` of its text form becomes `'x':A`
 * (a prefix `'x':*` becomes `'x':*A`). Matching it against the stored vector is far cheaper than cutting the
 * title part out of the vector (ts_filter) for each candidate, and the planner folds it to a constant like
 * the query itself.
 */
const titleQuery = (text: string): SQL =>
  sql`regexp_replace((${tsQuery(text)})::text, '''((?:[^'']|'''')*)''(?::(\\*))?', '''\\1'':\\2A', 'g')::tsquery`;

/** How many of the terms a row's vector holds (`column` is `t.search` or `c.search`). */
function matchedTerms(column: string, terms: readonly string[]): SQL {
  const parts = terms.map((term) => sql`(${sql.raw(column)} @@ ${tsQuery(term)})::int`);
  return sql.join(parts, sql` + `);
}

/** Per term, 2 for a title match and 1 for a body match: the partial match's rank before ts_rank. */
function weightedTerms(column: string, terms: readonly string[]): SQL {
  const vector = sql.raw(column);
  const parts = terms.map(
    (term) =>
      sql`case when ${vector} @@ ${titleQuery(term)} then 2 when ${vector} @@ ${tsQuery(term)} then 1 else 0 end`,
  );
  return sql.join(parts, sql` + `);
}

/** The row condition of a query over alias `t`: the tsquery, and for a partial match enough terms. */
function matches(query: TextQuery): SQL {
  if (query.mode === 'all') return sql`t.search @@ ${tsQuery(query.text)}`;
  return sql`t.search @@ ${tsQuery(query.text)} and ${matchedTerms('t.search', query.terms)} >= ${query.required}`;
}

function rankOf(query: TextQuery): SQL {
  if (query.mode === 'all') {
    return sql`ts_rank(c.search, ${tsQuery(query.text)}) + case when c.search @@ ${titleQuery(query.text)} then 1 else 0 end`;
  }
  return sql`${weightedTerms('c.search', query.terms)} + ts_rank(c.search, ${tsQuery(query.text)})`;
}

/** ts_headline of the best fragment; long texts are highlighted from their first part only (cost cap). */
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=40, MinWords=20, MaxFragments=1, ShortWord=2`;
const HEADLINE_SOURCE_CHARS = 4000;

export interface PageStatementOptions {
  query: TextQuery;
  limit: number;
  offset: number;
  candidateLimit: number;
  /** Extra condition over alias `t` (e.g. the requester). */
  filter?: SQL;
}

export function pageStatement(spec: FullTextTable, options: PageStatementOptions): SQL {
  const table = sql.raw(spec.table);
  const filter = options.filter ? sql` and (${options.filter})` : sql``;
  // The candidate set must reach past the requested page, or deep pages would come back empty.
  const candidates = Math.max(options.candidateLimit, options.offset + options.limit);
  const { query } = options;
  return sql`with candidates as (
  select t.id, t.search from ${table} t where ${matches(query)}${filter} limit ${candidates}
),
ranked as (
  select c.id, ${rankOf(query)} as rank
  from candidates c
  order by rank desc, c.id
  limit ${options.limit} offset ${options.offset}
)
select ${sql.raw(spec.columns)},
  ts_headline(${SEARCH_CONFIG}::regconfig, left(${sql.raw(`t.${spec.textColumn}`)}, ${HEADLINE_SOURCE_CHARS}), ${tsQuery(query.text)}, ${HEADLINE_OPTIONS}) as headline
from ranked r join ${table} t on t.id = r.id
order by r.rank desc, r.id`;
}

export function countStatement(
  spec: FullTextTable,
  options: { query: TextQuery; cap: number; filter?: SQL },
): SQL {
  const filter = options.filter ? sql` and (${options.filter})` : sql``;
  return sql`select count(*)::int as n from (
  select 1 from ${sql.raw(spec.table)} t where ${matches(options.query)}${filter} limit ${options.cap}
) matches`;
}
