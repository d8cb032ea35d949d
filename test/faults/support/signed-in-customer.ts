import { buildApp, type App } from '../../../src/server/app.js';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.js';
import { migrateDatabase } from '../../../src/server/db/migrate.js';
import { loadEnv } from '../../../src/server/env.js';
import { createCustomer, sessionCookie } from '../../support/factories.js';
import { MISSING_DIST_DIR, testConfig } from '../../support/test-app.js';

type Customer = Awaited<ReturnType<typeof createCustomer>>;

/**
 * Makes a customer and their session in the PGlite folder a portal process will open, in-process and before
 * it starts (PGlite has one process at a time on its folder). `more` may add what else the test needs there
 * while the database is open. Answers the customer and their session's `Cookie` header.
 */
export async function signedInCustomerIn<T = void>(
  dataDir: string,
  more?: (app: App, handle: DatabaseHandle, customer: Customer) => Promise<T>,
): Promise<{ customer: Customer; cookie: string; extra: T | undefined }> {
  const handle = await openDatabase({ location: { dataDir } });
  try {
    await migrateDatabase(handle);
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      config: await testConfig(),
      database: handle,
      distDir: MISSING_DIST_DIR,
    });
    try {
      await app.ready();
      const customer = await createCustomer(app);
      const { cookie } = await sessionCookie(app, { id: customer.id, role: 'customer' });
      const extra = more ? await more(app, handle, customer) : undefined;
      return { customer, cookie, extra };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}
