import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { executeRows } from '../../../src/server/db/client.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';

/**
 * The real start (`src/server/main.ts`) on PostgreSQL with a 'Did you mean' word list kept from an earlier run,
 * and a cut of the new list that fails (here a trigger refuses it; on a large knowledge base, a statement
 * timeout): the portal starts and serves with the kept list, and the log says why the list is old.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function readyWithin(url: string, ms: number, child: ChildProcess): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until && child.exitCode === null) {
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a start on PostgreSQL with a kept word list', () => {
  let database: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  let dataDir = '';
  afterEach(async () => {
    child?.kill('SIGKILL');
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is ready although the new list cannot be cut, and logs why', async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`insert into search_words (word, items, in_title, stem)
values ('kept', 1, true, 'kept')`);
    await database.db.execute(
      sql.raw(`create function refuse_word_cut() returns trigger language plpgsql as $$
begin raise exception 'the word list cut is refused by the test'; end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger refuse_word_cut before delete on search_words
for each statement execute function refuse_word_cut()`),
    );
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-start-words-'));
    const port = await freePort();
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: database.url ?? '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const ready = await readyWithin(`http://127.0.0.1:${port}/readyz`, 45_000, child);
    expect(ready, output).toBe(true);
    await expect.poll(() => output, { timeout: 10_000 }).toMatch(/word list could not be cut/);
    const kept = await executeRows(database.db, sql`select word from search_words`);
    expect(kept).toEqual([{ word: 'kept' }]);
  }, 60_000);
});
