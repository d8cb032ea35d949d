import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPaths } from '../../../src/common/api-paths.js';
import { ticketListSchema } from '../../../src/common/contracts/tickets.js';
import { customerAccounts, users } from '../../../src/server/db/schema/index.js';
import { seedDemoAccounts, seedDemoAccountsLogged } from '../../../src/server/db/seed/demo-accounts.js';
import { signInWithPassword } from '../../support/auth-flow.js';
import { sessionCookie } from '../../support/factories.js';
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
      organisationAdmin: false,
      passwordHash: null,
    });
    expect(byEmail.get('manager@example.com')).toMatchObject({
      name: 'Morgan Manager',
      providedId: 'CUST-0001',
      role: 'customer',
      userType: 'customer',
      organisationAdmin: true,
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
      ['CUST-0003', 'Globex Networks', 'example.net'],
    ]);
    for (const email of byEmail.keys()) expect(await t.app.connectors.helpdesk.findUser(email)).toBeDefined();
  });

  it("the organisation admin's list holds the demo tickets of a colleague (Casey), the customer's only their own", async () => {
    const listOf = async (email: string) => {
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no demo user ${email}`);
      const { cookie } = await sessionCookie(t.app, { id: user.id, role: 'customer' });
      const res = await t.app.inject({
        method: 'GET',
        url: `${apiPaths.tickets.tickets}?sort=updated`,
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return ticketListSchema.parse(res.json());
    };
    const managers = await listOf('manager@example.com');
    expect(managers.count).toBeGreaterThan(0);
    expect(new Set(managers.tickets.map((ticket) => ticket.requester.email))).toEqual(
      new Set(['customer@example.com']),
    );
    expect(managers.tickets.every((ticket) => ticket.organisation === 'Example Corp')).toBe(true);
    // The same tickets are Casey's own; Lee (no organisation on file) sees none of them.
    expect((await listOf('customer@example.com')).count).toBe(managers.count);
    const legacy = await listOf('legacy@example.com');
    expect(legacy.tickets.some((ticket) => ticket.requester.email === 'customer@example.com')).toBe(false);
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
