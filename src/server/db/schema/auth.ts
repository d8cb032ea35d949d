import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { SUPPORT_TIERS } from '../../../common/tickets.js';
import { AUTH_LEVELS, ROLES, USER_TYPES } from '../../../common/users.js';
import { createdAt } from './columns.js';

/**
 * Valid Customer IDs and Controller IDs, as the help desk knows them: each belongs to one company whose users
 * sign in with addresses of `email_domain`.
 */
export const customerAccounts = pgTable('customer_accounts', {
  providedId: text('provided_id').primaryKey(),
  /** The organisation: its tickets are shared with its organisation admins. */
  company: text('company').notNull(),
  /** Lower-case domain, e.g. `example.com`; a user's email must be of this domain to use the ID. */
  emailDomain: text('email_domain').notNull(),
  /** The support tier (spec section 9): it sets the first-response targets of the organisation's tickets. */
  tier: text('tier', { enum: SUPPORT_TIERS }).notNull().default('Basic'),
  /** IANA time zone of the organisation's business hours (the 8/5 clock). */
  timeZone: text('time_zone').notNull().default('UTC'),
});

export type CustomerAccountRow = typeof customerAccounts.$inferSelect;

/** Everyone who can sign in: customers (help-desk sign-in), agents and admins (corporate sign-in). */
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    /** Always stored lower-cased, so uniqueness and look-ups ignore case. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    /** The Controller ID or Customer ID on file; null for agents and for customers not yet asked. */
    providedId: text('provided_id').references(() => customerAccounts.providedId),
    userType: text('user_type', { enum: USER_TYPES }).notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    allowDownload: boolean('allow_download').notNull().default(false),
    /** A customer who sees every ticket of their organisation, not only their own. */
    organisationAdmin: boolean('organisation_admin').notNull().default(false),
    /** argon2id; only built-in agent and admin accounts have one (customers sign in through the help desk). */
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (table) => [
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_user_type_valid', sql`${table.userType} in ('customer', 'agent')`),
    check('users_role_valid', sql`${table.role} in ('customer', 'agent', 'admin')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * Server-side sessions. The browser holds a random token in an HttpOnly cookie; the row is keyed by the
 * token's SHA-256, so a leaked table (or backup) gives no usable cookie.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Hex SHA-256 of the cookie token; never the token itself. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authLevel: text('auth_level', { enum: AUTH_LEVELS }).notNull(),
    /** The agent has also authorized the ticketing system (the /jiraAuth step). */
    trackerAuthorized: boolean('tracker_authorized').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end of the session, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * State of a sign-in in progress (before any session), bound to the browser by a short-lived HttpOnly flow
 * cookie that holds a random token; the row is keyed by its SHA-256, like sessions.
 */
export const authFlows = pgTable(
  'auth_flows',
  {
    id: text('id').primaryKey(),
    /**
     * customer: after a successful login call; agent: the help-desk step of a signed-in agent; oidc: the
     * corporate popup; tracker: the ticketing system authorization.
     */
    kind: text('kind', { enum: ['customer', 'agent', 'oidc', 'tracker'] }).notNull(),
    email: text('email'),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('state'),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    /**
     * customer: the Controller ID or Customer ID a user with none on file gave at login. It is written to the
     * user only when the sign-in completes, once the code has proven the email.
     */
    providedId: text('provided_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_flows_expires_at_idx').on(table.expiresAt)],
);

export type AuthFlowRow = typeof authFlows.$inferSelect;

/**
 * Accounts of the corporate identity provider linked to users: an OpenID Connect user is the (issuer,
 * subject) pair, which never changes, while the email claim may change or be unverified. A link is made at
 * the first sign-in whose email is verified.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    /** The `iss` of the ID token. */
    issuer: text('issuer').notNull(),
    /** The `sub` of the ID token. */
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('user_identities_user_id_idx').on(table.userId),
  ],
);
