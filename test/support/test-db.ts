import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';

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

async function withAdminClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
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
    // The snapshot is already migrated; without one (a file run outside the global setup) migrate here.
    const snapshot = snapshotFile && migrate ? new Blob([await readFile(snapshotFile)]) : undefined;
    const handle = await openDatabase({ location: { memory: true, snapshot } });
    if (!snapshot && migrate) await migrateDatabase(handle);
    const closeHandle = onceAsync(() => handle.close());
    return { handle, db: handle.db, label: 'pglite (memory)', close: closeHandle };
  }

  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  // The name is generated above from hex digits only, so quoting it as an identifier is safe.
  await withAdminClient(serverUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ location: { url: url.toString() } });
  const closeHandle = onceAsync(() => handle.close());
  const dropDatabase = async (): Promise<void> => {
    await closeHandle();
    // FORCE ends connections a failed test may have left open (PostgreSQL 13+).
    await withAdminClient(serverUrl, (admin) =>
      admin.query(`drop database if exists "${name}" with (force)`),
    );
  };
  try {
    if (migrate) await migrateDatabase(handle);
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return {
    handle,
    db: handle.db,
    label: `postgres ${name}`,
    url: url.toString(),
    close: onceAsync(dropDatabase),
  };
}
