import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '../../db/client.js';
import type { TermStats } from '../../connectors/search-types.js';

/**
 * How many rows of a full-text table hold each word stem, from its `search` vector with PostgreSQL's `ts_stat`
 * (the Porter2 stems the searches match with). The table name is a constant of the caller, never input.
 */
export async function tableTermStats(db: Database, table: string): Promise<TermStats> {
  const [stems, count] = await Promise.all([
    executeRows<{ word: string; items: number }>(
      db,
      sql`SELECT word, ndoc::int AS items FROM ts_stat(${`SELECT search FROM ${table}`})`,
    ),
    executeRows<{ items: number | string }>(db, sql.raw(`SELECT count(*) AS items FROM ${table}`)),
  ]);
  return {
    items: Number(count[0]?.items ?? 0),
    stems: stems.map((row) => ({ word: row.word, items: Number(row.items) })),
  };
}
