import type { Role, UserType } from '../../../common/users.js';
import type { FastifyBaseLogger } from 'fastify';
import type { HelpdeskConnector } from '../../connectors/helpdesk/types.js';
import type { Env } from '../../env.js';
import { ServiceError } from '../../lib/errors.js';
import { hashPassword } from '../../services/auth/agent-sign-in.js';
import type { Database } from '../client.js';
import { customerAccounts, users, type NewUserRow } from '../schema/index.js';

/**
 * Demo accounts (the README lists them). They have a known password, so they are never created in production,
 * even when DEMO_DATA=true there.
 */
export const DEMO_PASSWORD = 'demo';

export const demoCustomerAccounts = [
  // Different support tiers and time zones, so the demo shows both first-response clocks.
  {
    providedId: 'CUST-0001',
    company: 'Example Corp',
    emailDomain: 'example.com',
    tier: 'Basic',
    timeZone: 'America/New_York',
  },
  {
    providedId: 'CTRL-0A1B2C3D',
    company: 'Example Corp controller',
    emailDomain: 'example.com',
    tier: 'Enterprise',
    timeZone: 'America/New_York',
  },
  {
    providedId: 'CUST-0002',
    company: 'Other Org',
    emailDomain: 'example.org',
    tier: 'Enterprise Plus',
    timeZone: 'Europe/Berlin',
  },
  {
    providedId: 'CUST-0003',
    company: 'Globex Networks',
    emailDomain: 'example.net',
    tier: 'Strategic',
    timeZone: 'Asia/Singapore',
  },
] as const;

interface DemoUser {
  email: string;
  name: string;
  providedId: string | null;
  userType: UserType;
  role: Role;
  password: boolean;
  /** A customer who sees their organisation's tickets, not only their own. */
  organisationAdmin?: boolean;
}

export const demoUsers: readonly DemoUser[] = [
  {
    email: 'customer@example.com',
    name: 'Casey Customer',
    providedId: 'CUST-0001',
    userType: 'customer',
    role: 'customer',
    password: false,
  },
  // Example Corp's organisation admin: My Requests holds Casey's tickets too, so the feature can be tried.
  {
    email: 'manager@example.com',
    name: 'Morgan Manager',
    providedId: 'CUST-0001',
    userType: 'customer',
    role: 'customer',
    password: false,
    organisationAdmin: true,
  },
  // Signed up before IDs were required: asked for one at the next login (spec section 1).
  {
    email: 'legacy@example.com',
    name: 'Lee Legacy',
    providedId: null,
    userType: 'customer',
    role: 'customer',
    password: false,
  },
  {
    email: 'agent@acme.example',
    name: 'Alex Agent',
    providedId: null,
    userType: 'agent',
    role: 'agent',
    password: true,
  },
  {
    email: 'admin@acme.example',
    name: 'Ada Admin',
    providedId: null,
    userType: 'agent',
    role: 'admin',
    password: true,
  },
];

export type SeedAccountsResult =
  { skipped: 'production' } | { usersInserted: number; helpdeskUsersInserted: number };

/**
 * Inserts the demo customer accounts, users and their help-desk users. Idempotent (existing rows are left
 * alone, so a changed role or ID survives restarts); refuses in production.
 */
export async function seedDemoAccounts(options: {
  db: Database;
  helpdesk: HelpdeskConnector;
  nodeEnv: Env['NODE_ENV'];
}): Promise<SeedAccountsResult> {
  if (options.nodeEnv === 'production') return { skipped: 'production' };
  const { db, helpdesk } = options;
  await db
    .insert(customerAccounts)
    .values([...demoCustomerAccounts])
    .onConflictDoNothing();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows: NewUserRow[] = demoUsers.map((user) => ({
    email: user.email,
    name: user.name,
    providedId: user.providedId,
    userType: user.userType,
    role: user.role,
    allowDownload: true,
    organisationAdmin: user.organisationAdmin ?? false,
    passwordHash: user.password ? passwordHash : null,
  }));
  const inserted = await db
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  let helpdeskUsersInserted = 0;
  for (const user of demoUsers) {
    if (await helpdesk.findUser(user.email)) continue;
    try {
      await helpdesk.createUser({
        email: user.email,
        name: user.name,
        role: user.userType === 'customer' ? 'customer' : 'agent',
        providedId: user.providedId,
      });
      helpdeskUsersInserted += 1;
    } catch (error) {
      // A vendor help desk refuses to create agents (its admin adds them) and may not show a user it just
      // created in its search yet (CONFLICT): neither stops the seeding.
      if (!(error instanceof ServiceError && (error.code === 'FORBIDDEN' || error.code === 'CONFLICT'))) {
        throw error;
      }
    }
  }
  return { usersInserted: inserted.length, helpdeskUsersInserted };
}

/** What start-up seeds when DEMO_DATA is on: the content always, the accounts outside production only. */
export async function seedDemoAccountsLogged(options: {
  db: Database;
  helpdesk: HelpdeskConnector;
  nodeEnv: Env['NODE_ENV'];
  log: FastifyBaseLogger;
}): Promise<SeedAccountsResult> {
  const result = await seedDemoAccounts(options);
  if ('skipped' in result) {
    options.log.warn(
      'DEMO_DATA is on in production: demo content seeded, demo accounts (known passwords) refused',
    );
  } else {
    options.log.info(result, 'demo accounts seeded');
  }
  return result;
}
