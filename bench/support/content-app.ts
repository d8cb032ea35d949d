// The portal's app on the real content/, for the benches that judge answers rather than speed: on a fresh
// PGlite in a temporary folder, or with BENCH_DATABASE_URL=postgres://... on that PostgreSQL database (its
// portal tables migrated and the content re-loaded). Requests go through app.inject, no socket. With
// EMBEDDINGS=true (and EMBEDDINGS_URL... for an endpoint) search fuses the passages' vectors: the app is handed
// over once they are computed, so every query is ranked with them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/load-config';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { loadEnv } from '../../src/server/env';
import { loadContent } from '../../src/server/connectors/content-folder/load-content';

export interface ContentApp {
  app: App;
  /** 'PGlite' or 'PostgreSQL'. */
  database: string;
  close(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The embeddings settings of the bench's own environment (off unless it sets EMBEDDINGS). */
function embeddingSettings(): Record<string, string> {
  const names = ['EMBEDDINGS', 'EMBEDDINGS_URL', 'EMBEDDINGS_MODEL', 'EMBEDDINGS_API_KEY'] as const;
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

/** `env`: settings beyond the test defaults (a rate limit raised, a model's address). */
export async function openContentApp(env: Record<string, string> = {}): Promise<ContentApp> {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = url ? undefined : await mkdtemp(path.join(tmpdir(), 'content-bench-'));
  const handle = await openDatabase({ location: url ? { url } : { dataDir: dataDir ?? '' } });
  await migrateDatabase(handle);
  const loaded = await loadContent({ db: handle.db, dir: path.join(root, 'content') });
  if (loaded.problems.length > 0) throw new Error(`content: ${JSON.stringify(loaded.problems)}`);
  const app = await buildApp({
    env: loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir ?? '/nonexistent',
      LOG_LEVEL: 'warn',
      ...embeddingSettings(),
      ...env,
    }),
    config: await loadConfig(path.join(root, 'config/portal.yaml')),
    database: handle,
  });
  await app.ready();
  await app.contentLoaded();
  await app.passageVectors?.settled();
  return {
    app,
    database: url ? 'PostgreSQL' : 'PGlite',
    close: async () => {
      await app.close();
      await handle.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
