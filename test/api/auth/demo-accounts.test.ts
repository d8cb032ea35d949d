import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAccounts, users } from '../../../src/server/db/schema.js';
import { seedDemoAccounts, seedDemoAccountsLogged } from '../../../src/server/db/seed/demo-accounts.js';
import { signInWithPassword } from '../../support/auth-flow.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';

describe('demo accounts', () => {
  const t = useTestApp();

  it('are the ones the README lists, with argon2id hashes for the agent and admin only', async () => {
    const rows = await t.database.db.select().from(users);
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get('customer@example.com')).toMatchObject({
      name: 'Casey Customer',
      providedId: 'CUST-0001',
      role: 'customer',
      userType: 'customer',
      passwordHash: null,
    });
    expect(byEmail.get('legacy@example.com')).toMatchObject({
      name: 'Lee Legacy',
      providedId: null,
      passwordHash: null,
    });
    expect(byEmail.get('agent@acme.example')).toMatchObject({
      name: 'Alex Agent',
      role: 'agent',
      userType: 'agent',
    });
    expect(byEmail.get('admin@acme.example')).toMatchObject({
      name: 'Ada Admin',
      role: 'admin',
      userType: 'agent',
    });
    for (const email of ['agent@acme.example', 'admin@acme.example']) {
      expect(byEmail.get(email)?.passwordHash).toMatch(/^\$argon2id\$/);
    }
    const accounts = await t.database.db.select().from(customerAccounts);
    expect(
      accounts.map((account) => [account.providedId, account.company, account.emailDomain]).sort(),
    ).toEqual([
      ['CTRL-0A1B2C3D', 'Example Corp controller', 'example.com'],
      ['CUST-0001', 'Example Corp', 'example.com'],
      ['CUST-0002', 'Other Org', 'example.org'],
    ]);
    for (const email of byEmail.keys()) expect(await t.app.connectors.helpdesk.findUser(email)).toBeDefined();
  });

  it('seeding again changes nothing', async () => {
    const result = await seedDemoAccounts({
      db: t.database.db,
      helpdesk: t.app.connectors.helpdesk,
      nodeEnv: 'test',
    });
    expect(result).toEqual({ usersInserted: 0, helpdeskUsersInserted: 0 });
    await signInWithPassword(t.app, 'agent@acme.example', 'demo');
  });
});

describe('demo accounts in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Demo content on (DEMO_DATA=true), accounts left to the production rule.
    t = await createTestApp({ accounts: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are refused even with DEMO_DATA=true: a warning, and no account exists', async () => {
    const warnings: string[] = [];
    const log = t.app.log.child({});
    log.warn = ((message: string) => {
      warnings.push(message);
    }) as typeof log.warn;
    const result = await seedDemoAccountsLogged({
      db: t.database.db,
      helpdesk: t.app.connectors.helpdesk,
      nodeEnv: 'production',
      log,
    });
    expect(result).toEqual({ skipped: 'production' });
    expect(warnings).toEqual([
      'DEMO_DATA is on in production: demo content seeded, demo accounts (known passwords) refused',
    ]);
    expect(await t.database.db.select().from(users)).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/zendesk/authenticate',
      headers: { origin: 'http://localhost' },
      payload: { user: 'agent@acme.example', pass: 'demo' },
    });
    expect(res.statusCode).toBe(401);
  });
});
