import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client.js';

/** SQL written by drizzle-kit (`npm run db:generate`), committed with the code that needs it. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Key of the session-level advisory lock that serialises migrations. Any constant works as long as every
 * instance uses the same one and nothing else in the database takes it.
 */
const MIGRATION_LOCK_KEY = 7_354_120_001;

/**
 * Brings the schema up to date. On PostgreSQL several instances may start at once (a rolling deploy, a
 * scaled-out service); the advisory lock makes the second one wait and then find nothing left to do,
 * instead of both creating the same table. PGlite is single-process, so it needs no lock.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder });
    return;
  }
  // The lock belongs to a connection, so lock, migrate and unlock on one client. It is not a pooled one: an
  // index built on a large table may rightly outlast the statement timeout that requests run under, and
  // waiting for another instance's lock may too. Ending the connection releases the lock if anything failed.
  const connection = handle.unboundedClient();
  await connection.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: connection }), { migrationsFolder });
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    await connection.end();
  }
}
