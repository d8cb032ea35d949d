import { and, getTableColumns, getTableName, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';

/**
 * The one shape of every content sync: upsert the rows read from the files, then delete the rows the loader
 * owns (`source_path` set) whose file is gone. Rows created by anything else (no `source_path`) are never
 * touched.
 */

export interface UpsertOwnedRowsOptions {
  /** The unique column a row is matched on (a slug or the file path). */
  target: PgColumn;
  /** Columns written on insert only (e.g. an article keeps its first `createdAt`). */
  insertOnly?: readonly string[];
  /** An existing row is rewritten only when one of these differs, so an unchanged file writes nothing. */
  changedWhen: readonly PgColumn[];
}

/** Answers how many rows were inserted or rewritten (an unchanged row is neither). */
export async function upsertOwnedRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: PgInsertValue<T>[],
  options: UpsertOwnedRowsOptions,
): Promise<number> {
  const [first] = rows;
  if (!first) return 0;
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const skipped = new Set([...(options.insertOnly ?? [])]);
  const set: Record<string, SQL> = {};
  for (const key of Object.keys(first)) {
    const column = columns[key];
    if (!column || column === options.target || skipped.has(key)) continue;
    set[key] = sql.raw(`excluded.${column.name}`);
  }
  const tableName = getTableName(table);
  const changed = options.changedWhen
    .map((column) => `${tableName}.${column.name} is distinct from excluded.${column.name}`)
    .join(' or ');
  const written = await db
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({
      target: options.target,
      // Built from the table's own columns above; drizzle cannot type a set assembled key by key.
      set: set as PgUpdateSetSource<T>,
      setWhere: sql.raw(changed),
    })
    .returning({ target: options.target });
  return written.length;
}

/** Deletes the loader's rows whose file is not in `keep`; answers how many went. */
export async function deleteRowsGone<T extends PgTable>(
  db: Database,
  table: T,
  sourcePath: PgColumn,
  keep: readonly string[],
): Promise<number> {
  const where =
    keep.length > 0 ? and(isNotNull(sourcePath), notInArray(sourcePath, [...keep])) : isNotNull(sourcePath);
  const removed = await db.delete(table).where(where).returning({ sourcePath });
  return removed.length;
}
