import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PortalConfig } from '../../src/common/portal-config.js';
import { buildApp, type App } from '../../src/server/app.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Connectors } from '../../src/server/connectors/index.js';
import { loadConfig } from '../../src/server/config/load-config.js';
import { seedDemoAccounts } from '../../src/server/db/seed/demo-accounts.js';
import { seedDemoData } from '../../src/server/connectors/demo-data.js';
import { loadEnv } from '../../src/server/env.js';
import { folderSources, loadContent } from '../../src/server/connectors/content-folder/load-content.js';
import type { SearchSources } from '../../src/server/services/search/types.js';
import { startSmtpSink, type SmtpSink } from './peers/smtp-sink.js';
import { createTestDatabase, type TestDatabase } from './test-db.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A build folder (not named dist: .gitignore drops every dist/) with a tiny template and a fake SSR bundle (see fixtures/build/server/entry-server.js). */
export const FIXTURE_DIST_DIR = path.join(repoRoot, 'test/support/fixtures/build');
/** A folder with no build at all, as on a fresh clone. */
export const MISSING_DIST_DIR = path.join(repoRoot, 'test/support/fixtures/no-build');
/** Small KB, docs and community content in the format of `content/` (the real content is not used by tests). */
export const FIXTURE_CONTENT_DIR = path.join(repoRoot, 'test/support/fixtures/content');

let configPromise: Promise<PortalConfig> | undefined;
/** The real `config/portal.yaml`, so tests also prove the shipped config validates. */
export function testConfig(): Promise<PortalConfig> {
  configPromise ??= loadConfig(path.join(repoRoot, 'config/portal.yaml'));
  return configPromise;
}

export interface TestApp {
  app: App;
  database: TestDatabase;
  config: PortalConfig;
  /** Closes the app, then the database. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the demo content: fixture content plus demo tickets and issues (default true). */
  seed?: boolean;
  /** Content folder loaded when `seed` is on; default {@link FIXTURE_CONTENT_DIR}. */
  contentDir?: string;
  /** Search sources replacing built-in ones (e.g. one that hangs). */
  searchSources?: Partial<SearchSources>;
  /** Connectors replacing the ones the configuration chose (a double standing for a vendor's). */
  connectors?: Partial<Connectors>;
  /** Seed the demo accounts (customers, agent, admin, customer accounts); default: as `seed`. */
  accounts?: boolean;
  /** Extra environment variables (e.g. `{ PUBLIC_URL: 'https://portal.test' }`), validated like the real ones. */
  env?: Record<string, string>;
  /** Build folder; defaults to a missing one, so page requests answer 503 unless a test opts in. */
  distDir?: string;
  /** A logger for the app (default: none, the app logs nothing). */
  logger?: FastifyBaseLogger;
  /** Add routes (e.g. probes) before the app is ready. */
  extend?: (app: App) => void | Promise<void>;
  /**
   * The database of another test app: this one is then a second instance on it (not seeded, and `close`
   * leaves the database to its owner).
   */
  sharedDatabase?: TestDatabase;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.sharedDatabase;
  const database = shared ?? (await createTestDatabase());
  const closeDatabase = shared ? async () => {} : () => database.close();
  try {
    // Tests change session rows underneath the app (another instance, time passing): it reads them every
    // request unless a test turns the session cache on (test/api/auth/session-cache.test.ts).
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent',
      SESSION_CACHE_MS: '0',
      ...options.env,
    });
    if (!shared && (options.seed ?? true)) {
      const loaded = await loadContent({
        db: database.db,
        dir: options.contentDir ?? FIXTURE_CONTENT_DIR,
        sources: folderSources(env),
      });
      if (loaded.problems.length > 0) throw new Error(`fixture content: ${JSON.stringify(loaded.problems)}`);
      await seedDemoData(database.db);
    }
    const config = await testConfig();
    const app = await buildApp({
      env,
      config,
      database: database.handle,
      distDir: options.distDir ?? MISSING_DIST_DIR,
      ...(options.searchSources ? { searchSources: options.searchSources } : {}),
      ...(options.connectors ? { connectors: options.connectors } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
    await options.extend?.(app);
    await app.ready();
    // The 'Did you mean' word list, cut from the loaded titles as after every content load.
    if (!shared && (options.seed ?? true)) await app.contentLoaded();
    if (!shared && (options.accounts ?? options.seed ?? true)) {
      await seedDemoAccounts({
        db: database.db,
        helpdesk: app.connectors.helpdesk,
        nodeEnv: env.NODE_ENV,
      });
    }
    return {
      app,
      database,
      config,
      close: async () => {
        await app.close();
        await closeDatabase();
      },
    };
  } catch (error) {
    await closeDatabase();
    throw error;
  }
}

export interface MailTestApp extends TestApp {
  /** Where the app's mail (one-time codes) goes. */
  sink: SmtpSink;
}

/** A test app whose mail goes to an SMTP sink of its own; `close` stops both. */
export async function createMailTestApp(options: TestAppOptions = {}): Promise<MailTestApp> {
  const sink = await startSmtpSink();
  try {
    const t = await createTestApp({ ...options, env: { ...options.env, SMTP_URL: sink.url } });
    return {
      ...t,
      sink,
      close: async () => {
        await t.close();
        await sink.stop();
      },
    };
  } catch (error) {
    await sink.stop();
    throw error;
  }
}
