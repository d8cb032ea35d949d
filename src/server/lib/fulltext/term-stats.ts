import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '../../db/client.js';
import type { TermStats, VocabularyWord } from '../../connectors/search-types.js';

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

/**
 * Every word of a full-text table's titles and bodies (lower case, split where query-terms.ts `wordsOf`
 * splits: on anything but letters and digits; at least 3 letters, no digit), with how many rows hold it and
 * whether a title does. Counted in the database: the bodies never travel. Table and column are constants of
 * the caller, never input.
 */
export async function tableVocabulary(
  db: Database,
  table: { table: string; textColumn: string },
): Promise<VocabularyWord[]> {
  const rows = await executeRows<{ word: string; items: number | string; in_title: boolean }>(
    db,
    sql.raw(`SELECT word, count(DISTINCT id) AS items, bool_or(in_title) AS in_title
FROM (
  SELECT t.id, regexp_split_to_table(lower(t.title), '[^[:alnum:]]+') AS word, true AS in_title FROM ${table.table} t
  UNION ALL
  SELECT t.id, regexp_split_to_table(lower(t.${table.textColumn}), '[^[:alnum:]]+'), false FROM ${table.table} t
) words
WHERE length(word) >= 3 AND word !~ '[0-9]'
GROUP BY word`),
  );
  return rows.map((row) => ({ word: row.word, items: Number(row.items), inTitle: row.in_title }));
}
