import { hostname } from 'node:os';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { pino, type Logger } from 'pino';
import { clientGoneAtInfo } from './lib/client-gone-log.js';
import type { PortalConfig } from '../common/portal-config.js';
import { buildApp, type App } from './app.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { openDatabase, pgliteDirectory, type DatabaseHandle } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { seedDemoAccountsLogged } from './db/seed/demo-accounts.js';
import { seedDemoData } from './connectors/demo-data.js';
import { EnvError, loadEnv, type Env } from './env.js';
import { folderSources, loadContent } from './connectors/content-folder/load-content.js';
import { watchContent } from './connectors/content-folder/watch-content.js';
import { syncDownloadFiles } from './services/downloads/sync-download-files.js';
import { searchWordsKept } from './services/search/search-words.js';
import { shutDown } from './shutdown.js';
import { requestLogMixin } from './plugins/request-id.js';
import { WebAppNotBuiltError } from './ssr/page-renderer.js';

/** In-flight requests get this long to finish at shutdown before their connections are cut. */
const CONNECTIONS_GRACE_MS = 8000;
/** The whole shutdown gets this long before the process exits anyway (closing the database included). */
const SHUTDOWN_GRACE_MS = 12_000;
/** `npm start` in a terminal delivers one Ctrl-C twice (the terminal and npm both signal); ignore the echo. */
const DUPLICATE_SIGNAL_WINDOW_MS = 1000;

/** Problems the operator must fix before the server can start: print the message, no stack trace. */
function exitOnStartupProblem(error: unknown): never {
  if (error instanceof EnvError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

async function loadSettings(): Promise<{ env: Env; config: PortalConfig }> {
  const env = loadEnv();
  return { env, config: await loadConfig(env.CONFIG_FILE) };
}

/**
 * The content of CONTENT_DIR (KB, docs, community, each unless a vendor's feed fills it); a bad file is reported,
 * not fatal.
 */
async function loadContentLogged(handle: DatabaseHandle, env: Env, log: Logger): Promise<void> {
  const started = performance.now();
  const { problems, ...loaded } = await loadContent({
    db: handle.db,
    dir: env.CONTENT_DIR,
    sources: folderSources(env),
  });
  for (const problem of problems) log.warn(problem, 'content file skipped');
  log.info({ ...loaded, ms: Math.round(performance.now() - started) }, 'content loaded');
}

async function openAndPrepareDatabase(env: Env, log: Logger): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    location: env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
    poolMax: env.DATABASE_POOL_MAX,
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
    timeouts: { statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS, acquireMs: env.DATABASE_ACQUIRE_TIMEOUT_MS },
    onPoolError: (error) => log.error({ err: error }, 'idle database connection failed'),
  });
  try {
    log.info(
      {
        driver: handle.driver,
        ...(handle.driver === 'pglite' ? { dir: pgliteDirectory(env.DATA_DIR) } : {}),
      },
      'database opened',
    );
    await migrateDatabase(handle);
    log.info('database migrated');
    await loadContentLogged(handle, env, log);
    if (env.DEMO_DATA) {
      const seeded = await seedDemoData(handle.db);
      log.info(seeded, 'demo data seeded');
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A download folder that cannot be read leaves those files unavailable; the rest of the portal runs. */
async function syncDownloadFilesLogged(app: App, env: Env, log: Logger): Promise<void> {
  const directory = env.DOWNLOADS_DIR ?? path.join(env.DATA_DIR, 'downloads');
  try {
    const synced = await syncDownloadFiles({
      storage: app.connectors.storage,
      catalogue: app.downloads.catalogue,
      directory,
      generateMissing: env.DEMO_DATA,
      log,
    });
    log.info({ directory, ...synced }, 'download files synced');
  } catch (error) {
    log.error({ err: error, directory }, 'download files could not be synced');
  }
}

/**
 * What is computed from the content loaded at start (the 'Did you mean' word list). Cutting it reads every
 * article's words: over a minute at 100,000 articles on PostgreSQL (bench/README.md, Scale), past a statement
 * timeout on a busy server. On PostgreSQL a list kept from the last run serves while the new one is cut in the
 * background, so an instance is ready in seconds; the first start waits for it, as does PGlite, whose one
 * connection a long statement would hold from the first requests anyway. A failure leaves the last list (or
 * none: search then offers no corrections) and is logged; it never stops the portal from starting.
 */
async function refreshContentState(app: App, database: DatabaseHandle, log: Logger): Promise<void> {
  const inBackground = database.driver === 'postgres' && (await searchWordsKept(database.db));
  const refreshed = app.contentLoaded().catch((error: unknown) => {
    log.error(
      { err: error },
      "the 'Did you mean' word list could not be cut from the content; the last one serves until the next content load",
    );
  });
  if (!inBackground) await refreshed;
}

async function main(): Promise<void> {
  const { env, config } = await loadSettings().catch(exitOnStartupProblem);

  // pid and hostname stay in every line: several instances write to the same log store. Written without
  // blocking, and in batches of at least 4 KB (about 15 request lines) or once a second, whichever comes
  // first: one write per line, even off the event loop, is a system call for every request of a replayed page
  // under load. Pino writes what is left synchronously when the process exits.
  const log = pino(
    {
      level: env.LOG_LEVEL,
      base: { service: 'support-portal', pid: process.pid, hostname: hostname() },
      // Lines written during a request through the app's own logger name the request too.
      mixin: requestLogMixin,
      hooks: { logMethod: clientGoneAtInfo },
    },
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
  );
  let database: DatabaseHandle;
  let app: App;
  try {
    database = await openAndPrepareDatabase(env, log);
  } catch (error) {
    log.fatal({ err: error }, 'database could not be opened or migrated');
    process.exit(1);
  }
  try {
    app = await buildApp({ env, config, database, logger: log });
    await refreshContentState(app, database, log);
    // The vendors' feeds sync in the background: the portal serves the last synced content meanwhile.
    app.contentSync.start();
    // Changes made in the vendor's help desk, when it does not report them itself; nothing waits for it either.
    app.connectors.ticketDesk.changePoll?.start();
    if (env.DEMO_DATA) {
      await seedDemoAccountsLogged({
        db: database.db,
        helpdesk: app.connectors.helpdesk,
        nodeEnv: env.NODE_ENV,
        log,
      });
    }
    await syncDownloadFilesLogged(app, env, log);
    if (!env.SMTP_URL && env.NODE_ENV === 'production') {
      log.warn('SMTP_URL is unset: one-time sign-in codes are written to the log instead of being mailed');
    }
  } catch (error) {
    log.fatal({ err: error }, 'app could not be built');
    await database.close().catch(() => undefined);
    process.exit(1);
  }

  const contentWatcher = env.CONTENT_WATCH
    ? watchContent({
        dir: env.CONTENT_DIR,
        log,
        reload: async () => {
          await loadContentLogged(database, env, log);
          await app.contentLoaded();
        },
      })
    : undefined;

  let firstSigintAt = 0;
  const closer = closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: { error: (message: string) => log.error(message) },
      skip: ['SIGINT'],
    },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'shutting down after an unexpected error');
      else log.info({ signal: signal ?? 'SIGINT' }, 'shutting down');
      contentWatcher?.close();
      // No new connection is accepted; a request on an open one is served with `Connection: close` (app.ts).
      await shutDown({ app, database, log, connectionsGraceMs: CONNECTIONS_GRACE_MS });
      log.info('shut down cleanly');
    },
  );
  process.on('SIGINT', () => {
    const now = Date.now();
    if (firstSigintAt === 0) {
      firstSigintAt = now;
      closer.close();
    } else if (now - firstSigintAt > DUPLICATE_SIGNAL_WINDOW_MS) {
      // A deliberate second Ctrl-C: the operator does not want to wait for the grace period.
      log.warn('second SIGINT: exiting without waiting');
      process.exit(130);
    }
  });

  try {
    // Template and bundle are read before traffic arrives; a missing build is reported, not fatal, so the
    // API can run on its own (pages answer 503 until the build exists).
    await app.pageRenderer.preload().catch((error: unknown) => {
      if (error instanceof WebAppNotBuiltError) log.warn(error.message);
      else log.error({ err: error }, 'pages cannot be rendered until the web build is fixed');
    });
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    log.fatal({ err: error }, 'server failed to start');
    closer.uninstall();
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
}

await main();
