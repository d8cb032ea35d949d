import { sql, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * Column helpers of full-text search, shared by the portal's tables and the built-in connectors' tables.
 * Every searchable table carries a generated `search` tsvector (title weighted 'A' above body 'B') with a GIN
 * index. 'Did you mean' looks words up in `search_words` (schema/search.ts), not in the titles themselves.
 */

/** PostgreSQL's `tsvector`; only the database reads it, so its JavaScript side is an opaque string. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Text search configuration of every vector and query; both sides must agree or stems differ. */
export const SEARCH_CONFIG = 'portal_english';

/**
 * The generated vector: `setweight(title, 'A') || setweight(body, 'B')`. Column names are raw SQL because a
 * generated column is defined in the table's own DDL, before drizzle's column objects exist.
 */
export function weightedVector(titleSql: string, bodySql: string): SQL {
  return sql.raw(
    `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, coalesce(${titleSql}, '')), 'A') || ` +
      `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, coalesce(${bodySql}, '')), 'B')`,
  );
}
