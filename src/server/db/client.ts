import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types, type ParserOptions, type SerializerOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { gatePglite } from './pglite-gate.js';
import * as schema from './schema/index.js';

/**
 * The one database type the rest of the server sees. Both drivers produce a subclass of Drizzle's
 * `PgDatabase`, so services are written once and run on embedded PGlite and on a PostgreSQL server.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseLocation =
  /** A PostgreSQL server (`DATABASE_URL`). */
  | { url: string }
  /** Embedded PGlite persisted under this directory. */
  | { dataDir: string }
  /**
   * Embedded PGlite in memory, gone when closed (tests). `snapshot` is a data directory dumped with
   * `dumpDataDir()`: starting from a migrated snapshot takes a fraction of a fresh `initdb`.
   */
  | { memory: true; snapshot?: Blob };

export interface OpenDatabaseOptions {
  location: DatabaseLocation;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_MAX); default 10. */
  poolMax?: number;
  /** Called when an idle pooled connection fails (the server restarted, a network blip); the pool recovers. */
  onPoolError?: (error: Error) => void;
  /** Bounds on the time a query may take; defaults to {@link DEFAULT_DATABASE_TIMEOUTS}. */
  timeouts?: DatabaseTimeouts;
  /** PGlite's `shared_buffers` (PGLITE_SHARED_BUFFERS); default {@link DEFAULT_PGLITE_SHARED_BUFFERS}. */
  pgliteSharedBuffers?: string;
}

/**
 * PGlite's buffer cache. PostgreSQL's default of 128 MB sits in PGlite's WebAssembly memory, which never
 * shrinks: it held 80-115 MB more of the process's resident memory than 32 MB (bench/README.md, Capacity,
 * memory bounds), and the operating system caches the data files anyway.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB';

/**
 * A sequential scan of a table larger than a quarter of the buffer cache normally starts where another scan
 * of it is (`synchronize_seqscans`, made for concurrent full scans). A search's scan stops at the first 200
 * matches (lib/fulltext/statements.ts), so with it on the same query ranked a different 200 on every call:
 * its top results changed from one search to the next and page 2 could repeat or skip items of page 1. Off,
 * every scan starts at the first page and a query always finds the same candidates.
 */
const SCAN_SETTINGS = ['-c', 'synchronize_seqscans=off'];

/** PGlite's own start parameters (its defaultStartParams), to which the portal adds its settings. */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];

/**
 * PGlite's own `bytea` codecs build a JavaScript string or array element per byte: a 5 MB file took seconds
 * of the server's only thread and over 200 MB of heap, and a 25 MB one ran the process out of memory.
 *
 * A value goes in as it is: PGlite's wire writer sends an ArrayBuffer view as a binary parameter, and a
 * bytea's binary form is its bytes (its types say a serializer answers a string; a string, such as `\x00ff`,
 * still goes as text). Hex text instead cost two JavaScript passes over every character of a string twice the
 * file's size: a 25 MB upload took 3.7 s instead of about 1 s.
 */
const PGLITE_BYTEA_SERIALIZERS = {
  [types.BYTEA]: (value: Uint8Array | string) => value,
} as unknown as SerializerOptions;
/** A result comes as PGlite's text form (`\x` and two hex digits a byte), decoded by Node's native codec. */
const PGLITE_BYTEA_PARSERS: ParserOptions = {
  [types.BYTEA]: (value: string): Uint8Array => {
    const bytes = Buffer.from(value.slice(2), 'hex');
    // A plain Uint8Array view, as the default parser answers (a Buffer's methods differ, e.g. slice()).
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  },
};

export interface DatabaseTimeouts {
  /** Longest one statement may run on a PostgreSQL server (`statement_timeout`). */
  statementMs: number;
  /** Longest a query waits for a connection (full pool, unreachable server) or for PGlite's turn. */
  acquireMs: number;
}

/** The environment's defaults (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_ACQUIRE_TIMEOUT_MS). */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementMs: 8000, acquireMs: 5000 };

/**
 * A server that stops answering mid-query (frozen, or a network path that drops packets) never sends the
 * cancel that statement_timeout would: the driver gives up this much later and frees the connection.
 */
const READ_TIMEOUT_MARGIN_MS = 2000;
/** A transaction left open by a crashed request holds its locks; the server ends it after this long. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

interface HandleBase {
  db: Database;
  /** Releases every connection (or closes PGlite); the handle is unusable afterwards. */
  close(): Promise<void>;
}
export interface PgliteHandle extends HandleBase {
  driver: 'pglite';
  client: PGlite;
}
export interface PostgresHandle extends HandleBase {
  driver: 'postgres';
  pool: pg.Pool;
  /**
   * A connection of its own, without the pool's statement and read timeouts, for work that may rightly run
   * long (migrations). The caller connects and ends it.
   */
  unboundedClient(): pg.Client;
}
/** An open database and what owns its connections; the migrator needs the driver-specific client. */
export type DatabaseHandle = PgliteHandle | PostgresHandle;

/** PGlite keeps its files in this sub-folder of `DATA_DIR`; other features keep uploads beside it. */
export function pgliteDirectory(dataDir: string): string {
  return path.resolve(dataDir, 'pglite');
}

/** Closing twice (a shutdown racing a failed start) must not throw "already closed". */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { location } = options;
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  if ('url' in location) {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: options.poolMax ?? 10,
      // Bounds both a new connection and the wait for a free one when the pool is full.
      connectionTimeoutMillis: timeouts.acquireMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + READ_TIMEOUT_MARGIN_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      options: SCAN_SETTINGS.join(' '),
    });
    // Without a listener an error on an idle client is an uncaught 'error' event and kills the process.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzlePg({ client: pool, schema });
    return {
      driver: 'postgres',
      db,
      pool,
      unboundedClient: () =>
        new pg.Client({ connectionString: location.url, connectionTimeoutMillis: timeouts.acquireMs }),
      close: once(() => pool.end()),
    };
  }

  // pg_trgm (typo-tolerant 'Did you mean' of search) is compiled into PGlite as a contrib module and must be
  // loaded with every client; the migration then runs `create extension`, as on a PostgreSQL server.
  const extensions = { pg_trgm };
  const codecs = { serializers: PGLITE_BYTEA_SERIALIZERS, parsers: PGLITE_BYTEA_PARSERS };
  const startParams = [
    ...PGLITE_START_PARAMS,
    ...SCAN_SETTINGS,
    '-c',
    `shared_buffers=${options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS}`,
  ];
  let client: PGlite;
  if ('dataDir' in location) {
    const dir = pgliteDirectory(location.dataDir);
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions, startParams, ...codecs });
  } else {
    client = await PGlite.create(
      location.snapshot
        ? { loadDataDir: location.snapshot, extensions, startParams, ...codecs }
        : { extensions, startParams, ...codecs },
    );
  }
  // PGlite cannot cancel a running statement (it runs on this thread), so only the wait for it is bounded.
  gatePglite(client, timeouts.acquireMs);
  const db = drizzlePglite({ client, schema });
  return { driver: 'pglite', db, client, close: once(() => client.close()) };
}

/** The rows of a driver's result: both drivers put them in `rows`. */
function rowsOf<Row extends Record<string, unknown>>(result: unknown): Row[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as Row[];
  }
  throw new Error('the database driver answered without rows');
}

/**
 * Runs raw SQL and returns its rows. On the shared `Database` type `execute` answers `unknown` (each driver
 * has its own result class); both drivers put the rows in `rows`, which is all raw queries need.
 */
export async function executeRows<Row extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(query));
}

const dialect = new PgDialect();

/**
 * Runs raw SQL as a named prepared statement, named after its text. A PostgreSQL connection then parses the
 * statement once, and after five runs of a text whose plan does not depend on its values it keeps one generic
 * plan: later runs only bind and execute (lib/fulltext/statements.ts writes its statements for that). For
 * statements with every value a parameter and few texts: each connection keeps every text it has run, with
 * its plan (about 100 KB of the server's memory for a search statement, bench/search/statement-memory.ts).
 * PGlite, which has no named statements, runs it like `executeRows`.
 */
export async function executePreparedRows<Row extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = `text_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 24)}`;
  return rowsOf<Row>(await db._.session.prepareQuery(compiled, undefined, name, false).execute());
}

/** Cheapest round trip that proves the database answers; used by `/readyz`. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
