import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { databaseUrl, dropPostgresDatabase, withAdminClient } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory (tar) with every migration applied; empty when tests use PostgreSQL. */
    pgliteSnapshotFile: string;
    /** On PostgreSQL, a migrated database that each test file's database is copied from; empty on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * On PostgreSQL the same idea: one database migrated per run, that every test file's database is created from
 * (`create database … template`, a file copy) instead of running the migrations again.
 */
async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`create database "${name}"`));
  const handle = await openDatabase({ location: { url: databaseUrl(serverUrl, name) } });
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    await dropPostgresDatabase(serverUrl, name);
    throw error;
  }
  // A template must have no connection open while databases are copied from it.
  await handle.close();
  return name;
}

/**
 * Migrates one in-memory PGlite and dumps it once per run: every test file then starts its own database from
 * that snapshot (under a second) instead of running initdb and the migrations again (several seconds each).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteSnapshotFile', '');
    const template = await createPostgresTemplate(serverUrl);
    project.provide('postgresTemplate', template);
    return () => dropPostgresDatabase(serverUrl, template);
  }
  project.provide('postgresTemplate', '');
  const handle = await openDatabase({ location: { memory: true } });
  let file = '';
  try {
    await migrateDatabase(handle);
    if (handle.driver !== 'pglite') throw new Error('expected PGlite');
    // Uncompressed: every test file loads it, and un-gzipping took about a third of a PGlite start.
    const snapshot = await handle.client.dumpDataDir('none');
    file = path.join(tmpdir(), `portal-pglite-snapshot-${process.pid}-${Date.now()}.tar`);
    await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteSnapshotFile', file);
  return async () => {
    await rm(file, { force: true });
  };
}
