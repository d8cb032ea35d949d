import type { SupportTier } from '../../src/common/tickets.js';
import { randomBytes } from 'node:crypto';
import type { App } from '../../src/server/app.js';
import { helpdeskTickets } from '../../src/server/connectors/helpdesk/builtin/schema.js';
import { trackerIssues } from '../../src/server/connectors/tracker/builtin/schema.js';
import { customerAccounts, sessions, users } from '../../src/server/db/schema/index.js';
import { ServiceError } from '../../src/server/lib/errors.js';
import { randomToken, sha256Hex } from '../../src/server/lib/tokens.js';
import { SESSION_COOKIE } from '../../src/server/plugins/sessions.js';
import { hashPassword } from '../../src/server/services/auth/agent-sign-in.js';

/**
 * Test data built by each test for itself, through the same tables and the same help-desk connector the
 * portal writes (a portal user, its help-desk user and, for a customer, the account its ID belongs to), with
 * random addresses and IDs, so no test depends on the demo accounts or sees another test's rows.
 */

/** A short random suffix: unique within a run, readable in a failure message. */
export function uniqueSuffix(): string {
  return randomBytes(5).toString('hex');
}

/** A well-formed Customer ID no other test has: `CUST-` and ten random digits (PROVIDED_ID_PATTERN). */
export function uniqueCustomerId(): string {
  const digits = Array.from(randomBytes(10), (byte) => String(byte % 10)).join('');
  return `CUST-${digits}`;
}

export interface CreatedCustomer {
  id: string;
  email: string;
  name: string;
  /** The Controller ID or Customer ID on file; null for a legacy customer who never gave one. */
  providedId: string | null;
}

export interface CreatedStaff {
  id: string;
  email: string;
  name: string;
  role: 'agent' | 'admin';
  /** The credential form's password. */
  password: string;
}

const CUSTOMER_DOMAIN = 'example.com';

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/** A customer account (the company an ID belongs to); answers its ID. */
export async function createCustomerAccount(
  app: App,
  options: {
    emailDomain?: string;
    providedId?: string;
    company?: string;
    tier?: SupportTier;
    timeZone?: string;
  } = {},
): Promise<string> {
  const providedId = options.providedId ?? uniqueCustomerId();
  await app.db.insert(customerAccounts).values({
    providedId,
    company: options.company ?? `Company ${providedId}`,
    emailDomain: options.emailDomain ?? CUSTOMER_DOMAIN,
    tier: options.tier ?? 'Basic',
    timeZone: options.timeZone ?? 'UTC',
  });
  return providedId;
}

/**
 * A signed-up customer: a portal user with a Controller ID or Customer ID of their own account, and the
 * help desk's record of them (so the one-time code can be sent). `providedId: null` makes a legacy customer,
 * who is asked for an ID at the next login.
 */
export async function createCustomer(
  app: App,
  options: {
    email?: string;
    name?: string;
    providedId?: string | null;
    allowDownload?: boolean;
    organisationAdmin?: boolean;
  } = {},
): Promise<CreatedCustomer> {
  const suffix = uniqueSuffix();
  const email = (options.email ?? `customer-${suffix}@${CUSTOMER_DOMAIN}`).toLowerCase();
  const name = options.name ?? `Customer ${suffix}`;
  const providedId =
    options.providedId === undefined
      ? await createCustomerAccount(app, { emailDomain: domainOf(email) })
      : options.providedId;
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      name,
      providedId,
      userType: 'customer',
      role: 'customer',
      allowDownload: options.allowDownload ?? true,
      organisationAdmin: options.organisationAdmin ?? false,
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`createCustomer: no row for ${email}`);
  await app.connectors.helpdesk.createUser({ email, name, role: 'customer', providedId });
  return { id: row.id, email, name, providedId };
}

/** An agent (or, with `role: 'admin'`, an admin) at the corporate domain, with a password for the credential form. */
export async function createStaff(
  app: App,
  options: { role?: 'agent' | 'admin'; email?: string; name?: string; password?: string } = {},
): Promise<CreatedStaff> {
  const role = options.role ?? 'agent';
  const suffix = uniqueSuffix();
  const email = (
    options.email ?? `${role}-${suffix}@${app.portalConfig.support.corporateEmailDomain}`
  ).toLowerCase();
  const name = options.name ?? `${role === 'admin' ? 'Admin' : 'Agent'} ${suffix}`;
  const password = options.password ?? `pw-${uniqueSuffix()}`;
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      name,
      providedId: null,
      userType: 'agent',
      role,
      allowDownload: true,
      passwordHash: await hashPassword(password),
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`createStaff: no row for ${email}`);
  try {
    await app.connectors.helpdesk.createUser({ email, name, role: 'agent', providedId: null });
  } catch (error) {
    // A vendor help desk (Zendesk) refuses to create agents, who are paid seats its admin adds; the portal's
    // row is all a test's session needs then.
    if (!(error instanceof ServiceError && error.code === 'FORBIDDEN')) throw error;
  }
  return { id: row.id, email, name, role, password };
}

export const createAgent = (app: App, options: { email?: string; name?: string; password?: string } = {}) =>
  createStaff(app, { ...options, role: 'agent' });

export const createAdmin = (app: App, options: { email?: string; name?: string; password?: string } = {}) =>
  createStaff(app, { ...options, role: 'admin' });

export type TicketStatus = (typeof helpdeskTickets.$inferInsert)['status'];

/** A help-desk ticket (a request, seen from its requester). */
export async function createTicket(
  app: App,
  options: { requesterEmail: string; subject: string; description?: string; status?: TicketStatus },
): Promise<{ id: number; subject: string }> {
  const [row] = await app.db
    .insert(helpdeskTickets)
    .values({
      requesterEmail: options.requesterEmail.toLowerCase(),
      subject: options.subject,
      description: options.description ?? options.subject,
      status: options.status ?? 'open',
    })
    .returning({ id: helpdeskTickets.id, subject: helpdeskTickets.subject });
  if (!row) throw new Error('createTicket: no row');
  return row;
}

/** A tracker issue (a defect agents search). */
export async function createIssue(
  app: App,
  options: { summary: string; description?: string; status?: string; key?: string },
): Promise<{ id: number; key: string }> {
  const [row] = await app.db
    .insert(trackerIssues)
    .values({
      key: options.key ?? `NET-${parseInt(uniqueSuffix().slice(0, 6), 16)}`,
      summary: options.summary,
      description: options.description ?? options.summary,
      status: options.status ?? 'Open',
    })
    .returning({ id: trackerIssues.id, key: trackerIssues.key });
  if (!row) throw new Error('createIssue: no row');
  return row;
}

/**
 * A session cookie for a user the test made, written straight into the sessions table as a sign-in would
 * (only the token's hash is stored). For tests about what a signed-in user may do, not about signing in:
 * hundreds of users sign in this way in the time one credential sign-in takes.
 */
export async function sessionCookie(
  app: App,
  user: { id: string; role?: 'customer' | 'agent' | 'admin' },
): Promise<{ cookie: string; token: string }> {
  const token = randomToken();
  const now = new Date();
  await app.db.insert(sessions).values({
    id: sha256Hex(token),
    userId: user.id,
    authLevel: user.role === undefined || user.role === 'customer' ? 'zendesk' : 'azureAD',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  return { cookie: `${SESSION_COOKIE}=${token}`, token };
}
