import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data directory with every migration applied; empty when tests use PostgreSQL. */
    pgliteSnapshotFile: string;
  }
}

/**
 * Migrates one in-memory PGlite and dumps it once per run: every test file then starts its own database from
 * that snapshot (under a second) instead of running initdb and the migrations again (several seconds each).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshotFile', '');
    return async () => undefined;
  }
  const handle = await openDatabase({ location: { memory: true } });
  let file = '';
  try {
    await migrateDatabase(handle);
    if (handle.driver !== 'pglite') throw new Error('expected PGlite');
    const snapshot = await handle.client.dumpDataDir('gzip');
    file = path.join(tmpdir(), `portal-pglite-snapshot-${process.pid}-${Date.now()}.tar.gz`);
    await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteSnapshotFile', file);
  return async () => {
    await rm(file, { force: true });
  };
}
