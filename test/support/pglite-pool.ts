import { readFile } from 'node:fs/promises';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.js';
import type { TestDatabase } from './test-db.js';

type PgliteHandle = Extract<DatabaseHandle, { driver: 'pglite' }>;

/**
 * In-memory PGlite databases, emptied when a test file is done with one and handed to the next file of the
 * same worker (vitest.config.ts runs the files of a worker in one module graph, `isolate: false`, so this
 * module's state lives as long as the worker). Starting PGlite from the migrated snapshot took 0.7-1.5 s a
 * file on a busy machine; emptying one takes a few tens of milliseconds.
 *
 * A database goes back to the pool only as the snapshot left it: the same tables, columns, indexes,
 * functions, triggers and extensions (a test that drops a table or an index, to see the portal cope, leaves
 * a database that is closed instead), every table empty, every sequence at its start, and no session state
 * (settings, prepared statements, listeners, advisory locks).
 */
const idle: PgliteHandle[] = [];

let snapshot: Promise<Blob> | undefined;
/** The schema of the snapshot, to compare a released database with. */
let snapshotSchema: Promise<string> | undefined;

/** Every table the portal writes (drizzle's own bookkeeping of the migrations stays). */
const USER_TABLES = `
  select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`;

/** The items of one part of the fingerprint, sorted (a catalog's own order changes as its rows are updated). */
const sorted = (items: string) => `(select string_agg(item, ',' order by item) from (${items}) as part)`;

/** Schemas of the portal's own objects. */
const OWN = `not in ('pg_catalog', 'information_schema', 'pg_toast')`;

/** What a test could change with DDL or settings; one text, compared as a whole. */
const SCHEMA_FINGERPRINT = `
  select md5(concat_ws('|',
    ${sorted(`select format('%s:%s:%s', c.oid::regclass, c.relkind, c.reloptions) as item
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname ${OWN}`)},
    ${sorted(`select format('%s.%s:%s:%s:%s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull,
         a.attisdropped) as item
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where a.attnum > 0 and n.nspname ${OWN}`)},
    ${sorted(`select format('%s:%s', p.oid::regprocedure, md5(p.prosrc)) as item
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${OWN}`)},
    ${sorted(`select format('%s:%s', tgrelid::regclass, tgname) as item from pg_trigger where not tgisinternal`)},
    ${sorted(`select format('%s:%s', extname, extversion) as item from pg_extension`)},
    ${sorted(`select format('%s=%s', name, setting) as item from pg_settings
       where source not in ('default', 'override', 'command line', 'environment variable', 'client')`)}
  )) as fingerprint`;

async function fingerprint(handle: PgliteHandle): Promise<string> {
  const result = await handle.client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return result.rows[0]?.fingerprint ?? '';
}

/** Empties a released database; false if it cannot be made as new (then it is closed instead). */
async function emptied(handle: PgliteHandle): Promise<boolean> {
  const { client } = handle;
  if (client.closed) return false;
  try {
    // Its listeners (the portal's live events) go with their channels, the callbacks of the closed app too.
    const channels = await client.query<{ channel: string }>('select pg_listening_channels() as channel');
    for (const { channel } of channels.rows) await client.unlisten(channel);
    await client.exec('discard all');
    if ((await fingerprint(handle)) !== (await snapshotSchema)) return false;
    const tables = await client.query<{ name: string }>(USER_TABLES);
    const names = tables.rows.map((row) => row.name).join(', ');
    if (names) await client.exec(`truncate ${names} restart identity cascade`);
    const used = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_sequences
       where schemaname not in ('drizzle') and last_value is not null`,
    );
    return used.rows[0]?.count === 0;
  } catch {
    return false;
  }
}

/** Kept per worker at most: a file with two apps at once leaves two, each some 100 MB of WebAssembly memory. */
const IDLE_MAX = 2;

async function release(handle: PgliteHandle): Promise<void> {
  if (idle.length < IDLE_MAX && (await emptied(handle))) idle.push(handle);
  else await handle.close();
}

function asPglite(handle: DatabaseHandle): PgliteHandle {
  if (handle.driver !== 'pglite') throw new Error('expected PGlite');
  return handle;
}

/** A migrated, empty in-memory PGlite: one a finished test file released, or a new one from the snapshot. */
export async function pooledPglite(snapshotFile: string): Promise<TestDatabase> {
  snapshot ??= readFile(snapshotFile).then((bytes) => new Blob([bytes]));
  let handle = idle.pop();
  if (!handle) {
    handle = asPglite(await openDatabase({ location: { memory: true, snapshot: await snapshot } }));
    snapshotSchema ??= fingerprint(handle);
  }
  const current = handle;
  let released: Promise<void> | undefined;
  return {
    handle: current,
    db: current.db,
    label: 'pglite (memory)',
    close: () => (released ??= release(current)),
  };
}
