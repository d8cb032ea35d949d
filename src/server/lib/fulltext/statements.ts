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
 * bound as a parameter of an unnamed statement, the planner folds `websearch_to_tsquery` (immutable with an
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

/** `websearch_to_tsquery` accepts any input (quotes, or, -word) without syntax errors. */
export const tsQuery = (query: string): SQL =>
  sql`websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${query})`;

/**
 * The same query restricted to title words (weight A): every lexeme `'x'` of its text form becomes `'x':A`.
 * Matching it against the stored vector is far cheaper than cutting the title part out of the vector
 * (ts_filter) for each candidate, and the planner folds it to a constant like the query itself.
 */
const titleQuery = (query: string): SQL =>
  sql`regexp_replace((${tsQuery(query)})::text, '''((?:[^'']|'''')*)''', '''\\1'':A', 'g')::tsquery`;

/** ts_headline of the best fragment; long texts are highlighted from their first part only (cost cap). */
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=40, MinWords=20, MaxFragments=1, ShortWord=2`;
const HEADLINE_SOURCE_CHARS = 4000;

export interface PageStatementOptions {
  query: string;
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
  const query = () => tsQuery(options.query);
  return sql`with candidates as (
  select t.id, t.search from ${table} t where t.search @@ ${query()}${filter} limit ${candidates}
),
ranked as (
  select c.id,
    ts_rank(c.search, ${query()}) + case when c.search @@ ${titleQuery(options.query)} then 1 else 0 end as rank
  from candidates c
  order by rank desc, c.id
  limit ${options.limit} offset ${options.offset}
)
select ${sql.raw(spec.columns)},
  ts_headline(${SEARCH_CONFIG}::regconfig, left(${sql.raw(`t.${spec.textColumn}`)}, ${HEADLINE_SOURCE_CHARS}), ${query()}, ${HEADLINE_OPTIONS}) as headline
from ranked r join ${table} t on t.id = r.id
order by r.rank desc, r.id`;
}

export function countStatement(
  spec: FullTextTable,
  options: { query: string; cap: number; filter?: SQL },
): SQL {
  const filter = options.filter ? sql` and (${options.filter})` : sql``;
  return sql`select count(*)::int as n from (
  select 1 from ${sql.raw(spec.table)} t where t.search @@ ${tsQuery(options.query)}${filter} limit ${options.cap}
) matches`;
}
