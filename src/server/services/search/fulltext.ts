import { sql, type SQL } from 'drizzle-orm';
import { MARK_END, MARK_START } from '../../../common/snippet.js';
import { executeRows, type Database } from '../../db/client.js';
import { SEARCH_CONFIG } from '../../db/search-columns.js';

/**
 * The full-text statements every built-in source runs (and the benchmark runs raw against the database).
 *
 * Ranking cost must not grow with the corpus, so a page is found in three steps: the GIN index yields at most
 * `candidateLimit` matching rows (no ordering, so no full sort of every match), only those are ranked with
 * ts_rank_cd plus a bonus when the title matches (a title match then always outranks a body match), and only
 * the page's rows get a ts_headline. The count is separate and capped, so a common word costs at most `cap`
 * index entries.
 */

export interface FullTextTable {
  /** Table name (a constant of our schema, never user input). */
  table: string;
  /** Plain-text column the snippet is highlighted from. */
  textColumn: string;
  /** Trigram-indexed title column. */
  titleColumn: string;
  /** Select list over alias `t`, e.g. `t.id, t.title`. */
  columns: string;
}

/** `websearch_to_tsquery` accepts any input (quotes, or, -word) without syntax errors. */
export const tsQuery = (query: string): SQL =>
  sql`websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${query})`;

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
  return sql`with q as (select ${tsQuery(options.query)} as query),
candidates as (
  select t.id, t.search from ${table} t, q where t.search @@ q.query${filter} limit ${candidates}
),
ranked as (
  select c.id,
    ts_rank_cd(c.search, q.query) + case when ts_filter(c.search, '{a}') @@ q.query then 1 else 0 end as rank
  from candidates c, q
  order by rank desc, c.id
  limit ${options.limit} offset ${options.offset}
)
select ${sql.raw(spec.columns)},
  ts_headline(${SEARCH_CONFIG}::regconfig, left(${sql.raw(`t.${spec.textColumn}`)}, ${HEADLINE_SOURCE_CHARS}), q.query, ${HEADLINE_OPTIONS}) as headline
from ranked r join ${table} t on t.id = r.id, q
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

/** Titles whose words are similar to `word` (pg_trgm `<%`, GIN-indexed), most similar first. */
export function similarTitlesStatement(spec: FullTextTable, word: string, limit = 5): SQL {
  const title = sql.raw(`t.${spec.titleColumn}`);
  return sql`select ${title} as title from ${sql.raw(spec.table)} t
where ${word} <% ${title}
order by word_similarity(${word}, ${title}) desc
limit ${limit}`;
}

/** Lower than pg_trgm's default 0.6, so that two swapped letters ('trnasit') still find 'transit'. */
export const WORD_SIMILARITY_THRESHOLD = 0.3;

export async function similarTitles(db: Database, spec: FullTextTable, word: string): Promise<string[]> {
  // `set local` needs a transaction; it keeps the threshold from leaking into pooled connections.
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`));
    const rows = await executeRows<{ title: string }>(tx, similarTitlesStatement(spec, word));
    return rows.map((row) => row.title);
  });
}
