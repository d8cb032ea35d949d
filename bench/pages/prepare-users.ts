// Runs before the page bench's portal starts: opens the database the portal will open (DATA_DIR, or
// DATABASE_URL), migrates it and makes a customer, an agent and an admin through the tests' factories, and a
// ticket of the customer's, then prints them as JSON. A production portal refuses the demo accounts, so the
// bench brings its own; it signs them in through the API once the portal is up (bench/pages/sign-in.mjs).
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config/load-config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { loadEnv } from '../../src/server/env.js';
import { createAdmin, createAgent, createCustomer, createTicket } from '../../test/support/factories.js';

const env = loadEnv(process.env);
const handle = await openDatabase({
  location: env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
});
try {
  await migrateDatabase(handle);
  const app = await buildApp({ env, config: await loadConfig(env.CONFIG_FILE), database: handle });
  try {
    await app.ready();
    const customer = await createCustomer(app, { name: 'Casey Bench', allowDownload: true });
    const agent = await createAgent(app, { name: 'Alex Bench' });
    const admin = await createAdmin(app, { name: 'Ada Bench' });
    const ticket = await createTicket(app, {
      requesterEmail: customer.email,
      subject: 'Gateway tunnel flaps every few minutes',
      description: 'The tunnel between the transit gateway and the spoke goes down and up again.',
    });
    console.log(
      JSON.stringify({
        customer: { email: customer.email },
        agent: { email: agent.email, password: agent.password },
        admin: { email: admin.email, password: admin.password },
        ticketId: ticket.id,
      }),
    );
  } finally {
    await app.close();
  }
} finally {
  await handle.close();
}
