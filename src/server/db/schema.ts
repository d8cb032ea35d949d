import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Database schema (Drizzle, PostgreSQL dialect: the same tables on embedded PGlite and on a PostgreSQL
 * server). After a change run `npm run db:generate` and commit the SQL it writes to `./migrations`.
 *
 * The built-in connectors keep their own tables beside their code (`connectors/<kind>/builtin/schema.ts`);
 * drizzle.config.ts lists those files too, so one migration set covers everything.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Built-in knowledge base articles: the help desk's content when no external help desk is configured. */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: serial('id').primaryKey(),
    /** Stable, URL-safe key; seeding and links use it, so it never changes once published. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** Article body as HTML, as a help desk stores it. */
    body: text('body').notNull(),
    section: text('section').notNull(),
    htmlUrl: text('html_url').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The home page card asks for the newest and the most read articles on every visit.
    index('kb_articles_updated_at_idx').on(table.updatedAt),
    index('kb_articles_view_count_idx').on(table.viewCount),
  ],
);

export type KbArticleRow = typeof kbArticles.$inferSelect;
export type NewKbArticleRow = typeof kbArticles.$inferInsert;

/**
 * Valid Customer IDs and Controller IDs, as the help desk knows them: each belongs to one company whose users
 * sign in with addresses of `email_domain`.
 */
export const customerAccounts = pgTable('customer_accounts', {
  providedId: text('provided_id').primaryKey(),
  company: text('company').notNull(),
  /** Lower-case domain, e.g. `example.com`; a user's email must be of this domain to use the ID. */
  emailDomain: text('email_domain').notNull(),
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
    userType: text('user_type', { enum: ['customer', 'agent'] }).notNull(),
    role: text('role', { enum: ['customer', 'agent', 'admin'] }).notNull(),
    allowDownload: boolean('allow_download').notNull().default(false),
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
    authLevel: text('auth_level', { enum: ['zendesk', 'azureAD'] }).notNull(),
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
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_flows_expires_at_idx').on(table.expiresAt)],
);

export type AuthFlowRow = typeof authFlows.$inferSelect;
