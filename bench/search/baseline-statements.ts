import { sql, type SQL } from 'drizzle-orm';
import { MARK_END, MARK_START } from '../../src/common/snippet.js';
import { SEARCH_CONFIG } from '../../src/server/db/search-columns.js';
import {
  foldedTsQuery,
  matches,
  rankOf,
  type FullTextTable,
  type TextQuery,
} from '../../src/server/lib/fulltext/statements.js';

/**
 * The statements a search ran per source before the single statement of src/server/lib/fulltext/statements.ts
 * (kept here, frozen, as the capacity bench's baseline): a page statement that ranks the first
 * `candidateLimit` matches and highlights the page's rows with ts_headline, and a separate capped count.
 * Matching and ranking are the current ones, with the tsquery written as the planner folds it (statements.ts
 * `foldedTsQuery`), as these unnamed statements always had it, so the ratio measures the statement shape alone.
 */

const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=40, MinWords=20, MaxFragments=1, ShortWord=2`;
const HEADLINE_SOURCE_CHARS = 4000;

export function baselinePageStatement(
  spec: FullTextTable,
  options: { query: TextQuery; limit: number; offset: number; candidateLimit: number },
): SQL {
  const table = sql.raw(spec.table);
  const candidates = Math.max(options.candidateLimit, options.offset + options.limit);
  const { query } = options;
  return sql`with candidates as (
  select t.id, t.search from ${table} t where ${matches(query, 'search', foldedTsQuery)} limit ${candidates}
),
ranked as (
  select c.id, ${rankOf(query, foldedTsQuery)} as rank
  from candidates c
  order by rank desc, c.id
  limit ${options.limit} offset ${options.offset}
)
select ${sql.raw(spec.columns)},
  ts_headline(${SEARCH_CONFIG}::regconfig, left(${sql.raw(`t.${spec.textColumn}`)}, ${HEADLINE_SOURCE_CHARS}), ${foldedTsQuery(query.text)}, ${HEADLINE_OPTIONS}) as headline
from ranked r join ${table} t on t.id = r.id
order by r.rank desc, r.id`;
}

export function baselineCountStatement(spec: FullTextTable, options: { query: TextQuery; cap: number }): SQL {
  return sql`select count(*)::int as n from (
  select 1 from ${sql.raw(spec.table)} t where ${matches(options.query, 'search', foldedTsQuery)} limit ${options.cap}
) matches`;
}
