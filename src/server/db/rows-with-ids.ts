import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/**
 * The chosen columns of the rows whose `id` is one of `ids`, in no particular order (an id without a row is
 * left out): how the built-in connectors read whole items the search found. No ids, no query.
 */
export async function rowsWithIds<Columns extends SelectedFields>(
  db: Database,
  table: PgTable,
  id: PgColumn,
  columns: Columns,
  ids: readonly number[],
) {
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(table)
    .where(inArray(id, [...ids]));
}
