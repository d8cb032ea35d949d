import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_CONFIG } from '../../db/search-columns.js';

/**
 * The full-text statement every built-in source runs: one per search and source, returning the page and the
 * capped match count together (the benchmark in bench/search runs it raw, beside the earlier two-statement
 * set it replaced).
 *
 * Ranking cost must not grow with the corpus. The scan stops at `cap` matches (no ordering, so no full sort
 * of every match): those are counted, the first `candidateLimit` of them are ranked with ts_rank (title words
 * weigh more than body words; ts_rank_cd, which also rewards proximity, costs ten times as much per candidate)
 * plus a bonus when the title matches (a title match then always outranks a body match), and only the page's
 * rows are read whole. Snippets are highlighted in the server (highlight.ts) from the start of the text, not
 * with ts_headline, which parses every page row's text inside the statement.
 *
 * The tsquery is written out in every place it is used rather than computed once in a CTE: with the query text
 * bound as a parameter of an unnamed statement, the planner folds `to_tsquery` (immutable with an
 * explicit configuration) into a constant and estimates its selectivity from the column's statistics. A
 * common word then gets a sequential scan that stops after `cap` matches, a rare one the GIN index; behind a
 * CTE the planner cannot see the words and always builds the full bitmap of every match. The title bonus's
 * query comes written with every lexeme labelled `:A` (query-terms.ts titleTermsText) instead of being
 * rewritten from the query in SQL: a regexp over its text cost 0.1 ms of planning per statement.
 */

export interface FullTextTable {
  /** Table name (a constant of our schema, never user input). */
  table: string;
  /** Plain-text column the snippet is highlighted from. */
  textColumn: string;
  /** Select list over alias `t`, e.g. `t.id, t.title`. */
  columns: string;
  /** The tsvector column matched (default `search`): a table may keep a wider one for some readers. */
  vector?: string;
}

/**
 * What a statement matches: every term (`all`, the first try) or enough of the meaningful terms (`any`, the
 * partial match, ranked by how many terms an item holds, title matches first). Texts come from
 * query-terms.ts: runs of letters and digits joined by tsquery operators, never the user's own operators.
 */
export type TextQuery =
  | {
      mode: 'all';
      text: string;
      /** Every term in a title (query-terms.ts titleTermsText): the title bonus. */
      title: string;
    }
  | {
      mode: 'any';
      /** Any term (what ts_rank scores). */
      text: string;
      terms: readonly PartialTerm[];
      required: number;
      /** Any `required` of the terms as one tsquery (query-terms.ts partialMatchText); null: count per row. */
      match: string | null;
    };

/** A term of a partial match, anywhere and in a title. */
export interface PartialTerm {
  text: string;
  title: string;
}

export const tsQuery = (text: string): SQL => sql`to_tsquery(${SEARCH_CONFIG}::regconfig, ${text})`;

/** How many of the terms a row's vector holds (`column` is `t.search` or `c.search`). */
function matchedTerms(column: string, terms: readonly PartialTerm[]): SQL {
  const parts = terms.map((term) => sql`(${sql.raw(column)} @@ ${tsQuery(term.text)})::int`);
  return sql.join(parts, sql` + `);
}

/** Per term, 2 for a title match and 1 for a body match: the partial match's rank before ts_rank. */
function weightedTerms(column: string, terms: readonly PartialTerm[]): SQL {
  const vector = sql.raw(column);
  const parts = terms.map(
    (term) =>
      sql`case when ${vector} @@ ${tsQuery(term.title)} then 2 when ${vector} @@ ${tsQuery(term.text)} then 1 else 0 end`,
  );
  return sql.join(parts, sql` + `);
}

/** The row condition of a query over alias `t`: the tsquery, and for a partial match enough terms. */
export function matches(query: TextQuery, vector = 'search'): SQL {
  const column = `t.${vector}`;
  const matched = sql.raw(column);
  if (query.mode === 'all') return sql`${matched} @@ ${tsQuery(query.text)}`;
  if (query.match !== null) return sql`${matched} @@ ${tsQuery(query.match)}`;
  return sql`${matched} @@ ${tsQuery(query.text)} and ${matchedTerms(column, query.terms)} >= ${query.required}`;
}

export function rankOf(query: TextQuery): SQL {
  if (query.mode === 'all') {
    return sql`ts_rank(c.search, ${tsQuery(query.text)}) + case when c.search @@ ${tsQuery(query.title)} then 1 else 0 end`;
  }
  return sql`${weightedTerms('c.search', query.terms)} + ts_rank(c.search, ${tsQuery(query.text)})`;
}

/** How much of the text a snippet is highlighted from (highlight.ts picks the best window in it). */
export const EXCERPT_CHARS = 4000;

export interface SearchStatementOptions {
  query: TextQuery;
  limit: number;
  offset: number;
  candidateLimit: number;
  /** Matches counted at most. */
  cap: number;
  /** Extra condition over alias `t` (e.g. the requester). */
  filter?: SQL;
}

/**
 * Rows of the page (the spec's columns, `excerpt`: the start of the text, `total`: the capped count). A page
 * past the last match, or a query without match, still answers one row: `total` with null columns.
 */
export function searchStatement(spec: FullTextTable, options: SearchStatementOptions): SQL {
  const table = sql.raw(spec.table);
  const filter = options.filter ? sql` and (${options.filter})` : sql``;
  // The candidate set must reach past the requested page, or deep pages would come back empty; the count
  // must reach as far as the candidates.
  const candidates = Math.max(options.candidateLimit, options.offset + options.limit);
  const cap = Math.max(options.cap, candidates);
  const { query } = options;
  return sql`with matched as materialized (
  select t.id, ${sql.raw(`t.${spec.vector ?? 'search'}`)} as search from ${table} t
  where ${matches(query, spec.vector)}${filter} limit ${cap}
),
ranked as (
  select c.id, ${rankOf(query)} as rank
  from (select m.id, m.search from matched m limit ${candidates}) c
  order by rank desc, c.id
  limit ${options.limit} offset ${options.offset}
)
select (select count(*) from matched)::int as total, ${sql.raw(spec.columns)},
  left(${sql.raw(`t.${spec.textColumn}`)}, ${EXCERPT_CHARS}) as excerpt
from (select 1) one
left join (ranked r join ${table} t on t.id = r.id) on true
order by r.rank desc, r.id`;
}
