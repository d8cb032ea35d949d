import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '../../db/client.js';

/**
 * The lexemes so common in a table's search vectors that the last word typed is taken whole, not as a
 * prefix (fulltext-search.ts `withCommonLastWord`).
 *
 * A prefix term makes the GIN index collect every row of every lexeme it opens before anything is matched
 * or limited: on the search bench's 35,000 KB articles `vpn & client:*` spent 4 of its 6 ms there, the exact
 * `vpn & client` a tenth of that. A word that alone matches more rows than {@link COMMON_ROWS} already
 * matches five times what a search counts and ranks (SEARCH_COUNT_CAP): the prefix would only add rows that
 * hold a longer word opening like it (`clientless`) and not the word itself, which this gives up for such a
 * word. A word still being typed is no common lexeme and keeps its prefix.
 *
 * The frequencies are those ANALYZE keeps in `pg_stats` (`most_common_elems` of a tsvector column: the
 * lexemes in at least about 1 % of a sample of the rows, with their share), read once and then at most every
 * {@link REFRESH_MS}. A table never analysed has none, and every last word stays a prefix, as before. The
 * same estimates choose how a statement finds its matches (plan-choice.ts).
 */

/** Rows a lexeme must be estimated in to be taken whole: five times SEARCH_COUNT_CAP. */
export const COMMON_ROWS = 1000;
/** How long read statistics are used before they are read again (autovacuum re-analyses far less often). */
const REFRESH_MS = 10 * 60_000;

/** Common lexemes of one vector column, or none; `has` takes a Porter2 stem (highlight.ts `stemOf`). */
export interface CommonLexemeSet {
  has(lexeme: string): boolean;
}

/** The statistics of one vector column: its common lexemes, and how many rows hold each listed lexeme. */
export interface LexemeStats extends CommonLexemeSet {
  /** Rows estimated to hold the lexeme; undefined for one the statistics do not list (in under about 1 %). */
  rowsOf(lexeme: string): number | undefined;
  /** Rows of the table when it was last analysed. */
  rows: number;
}
const NONE: LexemeStats = { has: () => false, rowsOf: () => undefined, rows: 0 };

export interface CommonLexemes {
  /** The statistics of `table.column` (the last ones read; the first call reads them). */
  of(table: string, column: string): Promise<LexemeStats>;
}

type StatsRow = {
  table: string;
  column: string;
  lexemes: string[] | null;
  /** real[]: numbers from both drivers, read with Number() all the same. */
  shares: (number | string)[] | null;
  rows: number;
};

/** The statistics of one `pg_stats` row; common are the lexemes estimated in at least {@link COMMON_ROWS} rows. */
export function commonOf(row: Pick<StatsRow, 'lexemes' | 'shares' | 'rows'>): LexemeStats {
  const { lexemes, shares } = row;
  if (!lexemes || !shares) return NONE;
  // `most_common_elem_freqs` holds one share per lexeme, then the minimum, maximum and null share.
  const rowsOf = new Map(lexemes.map((lexeme, index) => [lexeme, Number(shares[index] ?? 0) * row.rows]));
  return {
    has: (lexeme) => (rowsOf.get(lexeme) ?? 0) >= COMMON_ROWS,
    rowsOf: (lexeme) => rowsOf.get(lexeme),
    rows: row.rows,
  };
}

export function commonLexemes(db: Database, now: () => number = Date.now): CommonLexemes {
  let read: { at: number; sets: Promise<Map<string, LexemeStats>> } | undefined;
  const load = async (): Promise<Map<string, LexemeStats>> => {
    const rows = await executeRows<StatsRow>(
      db,
      sql`select s.tablename as "table", s.attname as "column", s.most_common_elems::text::text[] as lexemes,
  s.most_common_elem_freqs as shares, c.reltuples::float8 as rows
from pg_stats s
join pg_namespace n on n.nspname = s.schemaname
join pg_class c on c.relnamespace = n.oid and c.relname = s.tablename
where s.schemaname = current_schema() and s.most_common_elems is not null`,
    );
    return new Map(rows.map((row) => [`${row.table}.${row.column}`, commonOf(row)]));
  };
  return {
    async of(table, column) {
      if (!read || now() - read.at >= REFRESH_MS) {
        // Statistics that cannot be read cost the optimisation, never the search.
        read = { at: now(), sets: load().catch(() => new Map()) };
      }
      return (await read.sets).get(`${table}.${column}`) ?? NONE;
    },
  };
}
