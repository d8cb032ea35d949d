import { buildApp, type App } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config/load-config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { loadEnv } from '../../src/server/env.js';

/**
 * Runs `use` with the app on the database the bench's portal will open (DATA_DIR, or DATABASE_URL), migrated,
 * before the portal starts: a bench makes its own users there with the tests' factories, as a production
 * portal refuses the demo accounts. Closes both after.
 */
export async function withPortalApp<T>(use: (app: App) => Promise<T>): Promise<T> {
  const env = loadEnv(process.env);
  const handle = await openDatabase({
    location: env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  });
  try {
    await migrateDatabase(handle);
    const app = await buildApp({ env, config: await loadConfig(env.CONFIG_FILE), database: handle });
    try {
      await app.ready();
      return await use(app);
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}
