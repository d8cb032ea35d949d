// Runs before the portal starts (the portal's webServer command in playwright.config.ts): opens the portal's
// database at DATA_DIR, migrates it, and makes the accounts the browser tests sign in with through the same
// factories as the API tests (test/support/factories.ts), with random addresses, IDs and passwords. They are
// written to E2E_ACCOUNTS_FILE for the specs (accounts.ts); no browser test depends on the demo accounts.
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config/load-config.js';
import { openDatabase } from '../../../src/server/db/client.js';
import { migrateDatabase } from '../../../src/server/db/migrate.js';
import { loadEnv } from '../../../src/server/env.js';
import {
  createAdmin,
  createAgent,
  createCustomer,
  createCustomerAccount,
  type CreatedCustomer,
} from '../../support/factories.js';
import type { E2eAccounts, E2eCustomer } from './accounts.js';
import { mailboxUrl } from './peers.js';

const e2eCustomer = (created: CreatedCustomer): E2eCustomer => ({
  email: created.email,
  name: created.name,
  providedId: created.providedId ?? '',
});

const file = process.env.E2E_ACCOUNTS_FILE;
if (!file) throw new Error('prepare-accounts: E2E_ACCOUNTS_FILE is not set');

// The identity provider is not needed to write rows; leaving it out keeps this step off the network. Its whole
// group goes, since a group variable without its key stops the start.
const withoutOidc = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('OIDC_')),
);
const env = loadEnv(withoutOidc);
const handle = await openDatabase({ location: { dataDir: env.DATA_DIR } });
try {
  await migrateDatabase(handle);
  const app = await buildApp({ env, config: await loadConfig(env.CONFIG_FILE), database: handle });
  try {
    await app.ready();
    const customer = await createCustomer(app);
    // A customer from before IDs were asked: none on file, and the ID of their company's account to give.
    const legacy = await createCustomer(app, { providedId: null });
    const legacyId = await createCustomerAccount(app, { emailDomain: legacy.email.split('@')[1] });
    // A customer whose account is not enabled for downloads: sign-up cannot make one, only an admin's change.
    const withoutDownloads = await createCustomer(app, { allowDownload: false });
    const accounts: E2eAccounts = {
      customer: e2eCustomer(customer),
      legacy: { email: legacy.email, name: legacy.name, providedId: legacyId },
      customerWithoutDownloads: e2eCustomer(withoutDownloads),
      agent: await createAgent(app),
      admin: await createAdmin(app),
      otherCompanyId: await createCustomerAccount(app, { emailDomain: 'other-company.example' }),
    };
    // The corporate identity provider knows the staff too (the test provider's directory, peers-server.ts).
    for (const staff of [accounts.agent, accounts.admin]) {
      const provisioned = await fetch(`${mailboxUrl}/idp/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: staff.email, name: staff.name }),
      });
      if (provisioned.status !== 201)
        throw new Error(`prepare-accounts: the identity provider said ${provisioned.status}`);
    }
    await writeFile(file, JSON.stringify(accounts, null, 2));
  } finally {
    await app.close();
  }
} finally {
  await handle.close();
}
