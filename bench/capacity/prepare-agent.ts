// Runs before the bench's portal starts: opens the database the portal will open (DATA_DIR, or DATABASE_URL),
// migrates it and makes an agent with a random password through the tests' factory, then prints
// `{email, password}` as JSON. A production portal refuses the demo accounts, so the bench brings its own.
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config/load-config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { loadEnv } from '../../src/server/env.js';
import { createAgent } from '../../test/support/factories.js';

const env = loadEnv(process.env);
const handle = await openDatabase({
  location: env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
});
try {
  await migrateDatabase(handle);
  const app = await buildApp({ env, config: await loadConfig(env.CONFIG_FILE), database: handle });
  try {
    await app.ready();
    const agent = await createAgent(app);
    console.log(JSON.stringify({ email: agent.email, password: agent.password }));
  } finally {
    await app.close();
  }
} finally {
  await handle.close();
}
