import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { pooledPglite } from './pglite-pool.js';
import { databaseUrl, dropPostgresDatabase, withAdminClient } from './postgres-admin.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  db: Database;
  /** Where the tests run, for messages: `pglite (memory)` or the PostgreSQL database name. */
  label: string;
  /** Connection URL of the PostgreSQL database; undefined on PGlite. */
  url?: string;
  /** Closes the connections (idempotent) and, on PostgreSQL, drops the database. */
  close(): Promise<void>;
}

function onceAsync(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (started from the snapshot made
 * by global-setup.ts); with TEST_DATABASE_URL (e.g.
 * postgres://postgres@127.0.0.1:5432/test) a new database `portal_test_<random>` on that server, dropped
 * after, so parallel test files never see each other's rows.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshotFile = inject('pgliteSnapshotFile');
    if (snapshotFile && migrate) return pooledPglite(snapshotFile);
    // Without a snapshot (a file run outside the global setup) migrate here.
    const handle = await openDatabase({ location: { memory: true } });
    if (migrate) await migrateDatabase(handle);
    const closeHandle = onceAsync(() => handle.close());
    return { handle, db: handle.db, label: 'pglite (memory)', close: closeHandle };
  }

  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  // Copied from the run's migrated template (global-setup.ts) when there is one: a file copy, not 30 migrations.
  const template = migrate ? inject('postgresTemplate') : '';
  // The names are generated from hex digits only, so quoting them as identifiers is safe.
  await withAdminClient(serverUrl, (admin) =>
    admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`),
  );
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ location: { url } });
  const closeHandle = onceAsync(() => handle.close());
  const dropDatabase = async (): Promise<void> => {
    await closeHandle();
    await dropPostgresDatabase(serverUrl, name);
  };
  try {
    if (migrate && !template) await migrateDatabase(handle);
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return {
    handle,
    db: handle.db,
    label: `postgres ${name}`,
    url,
    close: onceAsync(dropDatabase),
  };
}
