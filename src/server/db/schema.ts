import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AssistantPassage } from '../../common/contracts/assistant.js';
import { DOWNLOAD_FILE_TYPES } from '../../common/downloads.js';
import { NOTICE_TYPES } from '../../common/notices.js';
import { SUPPORT_TIERS } from '../../common/tickets.js';
import { AUTH_LEVELS, ROLES, USER_TYPES } from '../../common/users.js';
import { tsvector, weightedVector } from './search-columns.js';

/**
 * Database schema (Drizzle, PostgreSQL dialect: the same tables on embedded PGlite and on a PostgreSQL
 * server). After a change run `npm run db:generate` and commit the SQL it writes to `./migrations`.
 *
 * The built-in connectors keep their own tables beside their code (`connectors/<kind>/builtin/schema.ts`);
 * drizzle.config.ts lists those files too, so one migration set covers everything.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Knowledge base categories (`content/kb/<category-slug>/`); the Tech Hub category (`tech-hub`) is what
 * `/docs` shows. Loaded from `content/` (services/content), keyed by slug.
 */
export const kbCategories = pgTable('kb_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export type KbCategoryRow = typeof kbCategories.$inferSelect;

/** Sections of a category (`content/kb/<category-slug>/<section-slug>/`), keyed by `<category>/<section>`. */
export const kbSections = pgTable(
  'kb_sections',
  {
    id: serial('id').primaryKey(),
    /** `<category-slug>/<section-slug>`: unique across categories. */
    key: text('key').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references((): AnyPgColumn => kbCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (table) => [index('kb_sections_category_id_idx').on(table.categoryId)],
);

export type KbSectionRow = typeof kbSections.$inferSelect;

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
    /** The body as plain text: what search indexes and snippets are cut from. */
    bodyText: text('body_text').notNull().default(''),
    /** Section name, as the help desk shows it. */
    section: text('section').notNull(),
    sectionId: integer('section_id').references((): AnyPgColumn => kbSections.id, { onDelete: 'set null' }),
    /** Non-null: only signed-in users may read the article (a Zendesk user segment). */
    userSegmentId: integer('user_segment_id'),
    htmlUrl: text('html_url').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    /** `content/`-relative path of the file the row was loaded from; null for rows the loader does not own. */
    sourcePath: text('source_path').unique(),
    /** SHA-256 of the file, so an unchanged file is not written again. */
    contentHash: text('content_hash'),
    search: tsvector('search').generatedAlwaysAs(weightedVector('title', 'body_text')),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The home page card asks for the newest and the most read articles on every visit.
    index('kb_articles_updated_at_idx').on(table.updatedAt),
    index('kb_articles_view_count_idx').on(table.viewCount),
    index('kb_articles_section_id_idx').on(table.sectionId),
    index('kb_articles_search_idx').using('gin', table.search),
  ],
);

export type KbArticleRow = typeof kbArticles.$inferSelect;

/**
 * "Was this article helpful?": one vote per article and voter, so a second vote replaces the first. The voter
 * is `user:<id>` when signed in, else `browser:<id>` from the browser's own cookie.
 */
export const articleVotes = pgTable(
  'article_votes',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => kbArticles.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    helpful: boolean('helpful').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.voter] })],
);
export type NewKbArticleRow = typeof kbArticles.$inferInsert;

/** One block of a documentation page: the text under one heading. */
export interface DocsBlock {
  /** The heading the block starts with; empty for text before the first heading. */
  title: string;
  /** Plain text of the block. */
  content: string;
}

/** Built-in documentation pages (`content/docs/<domain-slug>/<page-slug>.md`), GitBook's role. */
export const docsPages = pgTable(
  'docs_pages',
  {
    id: serial('id').primaryKey(),
    /** `content/`-relative path of the file; null for rows the loader does not own (benchmark corpus). */
    sourcePath: text('source_path').unique(),
    title: text('title').notNull(),
    /** Host of the documentation site, e.g. `docs.acme.example`. */
    domain: text('domain').notNull(),
    /** Path of the page on that site, e.g. `/controller/transit-gateways`. */
    path: text('path').notNull(),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    blocks: jsonb('blocks').$type<DocsBlock[]>().notNull(),
    contentHash: text('content_hash'),
    search: tsvector('search').generatedAlwaysAs(weightedVector('title', 'body_text')),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('docs_pages_search_idx').using('gin', table.search)],
);

export type DocsPageRow = typeof docsPages.$inferSelect;

/** Built-in community posts (`content/community/<slug>.md`), Forumbee's role. */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    /** Null for rows the loader does not own (the benchmark's synthetic corpus). */
    sourcePath: text('source_path').unique(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    /** The post as plain text. */
    text: text('text').notNull(),
    url: text('url').notNull(),
    replies: integer('replies').notNull().default(0),
    contentHash: text('content_hash'),
    search: tsvector('search').generatedAlwaysAs(weightedVector('title', 'text')),
    createdAt: createdAt(),
  },
  (table) => [index('community_posts_search_idx').using('gin', table.search)],
);

export type CommunityPostRow = typeof communityPosts.$inferSelect;

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
    /** A customer who sees every ticket of their organisation, not only their own (issue 14). */
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

/**
 * The words of every public content title (knowledge base, documentation, community), lower-cased: where
 * 'Did you mean' looks for the nearest spelling (pg_trgm). Rebuilt after each content load. A word list of a
 * few thousand rows answers a trigram lookup in about a millisecond, where the same lookup over the titles
 * themselves costs tens of milliseconds per table at 100,000 items, and it is the approach the PostgreSQL
 * manual suggests (pg_trgm, "Text Search Integration").
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
  index('search_words_word_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
]);

/** Counts of one search per source key (`{zendesk: 12, git: 0, ...}`). */
export type SearchCounts = Record<string, number>;

/**
 * One row per aggregator search, for the admin's search analytics. Personal data kept to the user id; the
 * query is normalised (trimmed, lower-cased, single spaces).
 */
export const searchEvents = pgTable(
  'search_events',
  {
    id: serial('id').primaryKey(),
    query: text('query').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `anonymous`, `customer`, `agent` or `admin`. */
    role: text('role').notNull(),
    counts: jsonb('counts').$type<SearchCounts>().notNull(),
    total: integer('total').notNull(),
    /** The corrected spelling whose results were shown ('Showing results for'), normalised; else null. */
    correctedTo: text('corrected_to'),
    /** Nothing matched every word: the results were the partial match. */
    partial: boolean('partial').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('search_events_created_at_idx').on(table.createdAt)],
);

/**
 * One row per click on a search result, with its rank on the page (1 = first): the click-through of the
 * admin's search analytics, which shows what customers found worth opening.
 */
export const searchClicks = pgTable(
  'search_clicks',
  {
    id: serial('id').primaryKey(),
    query: text('query').notNull(),
    /** The source key of the result (`zendesk`, `git`, ...). */
    source: text('source').notNull(),
    /** 1-based position among that source's results, across pages. */
    rank: integer('rank').notNull(),
    url: text('url').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('search_clicks_created_at_idx').on(table.createdAt)],
);

/**
 * Support notices (spec sections 3-5). `id` is the spec's `Notice_ID`, a timestamp string (milliseconds
 * since the epoch at creation). A delete sets `active` false: the row and its reads stay for the audit.
 */
export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    /** A short plain-text title: the list, the bell menu, the details page and mail show it. */
    title: text('title').notNull(),
    /** Sanitized HTML (services/notices/notice-html.ts); sanitized again when read. */
    description: text('description').notNull(),
    /** The description as plain text: what the admin's search matches. */
    descriptionText: text('description_text').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    type: text('type', { enum: NOTICE_TYPES }).notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notices_active_end_date_idx').on(table.active, table.endDate),
    check('notices_type_valid', sql`${table.type} in ('Information', 'Maintenance', 'Upgrade Advise')`),
    check('notices_dates_ordered', sql`${table.endDate} >= ${table.startDate}`),
  ],
);

export type NoticeRow = typeof notices.$inferSelect;

/**
 * Who read which notice: a row per (notice, user), written with `on conflict do nothing`, so concurrent reads
 * never overwrite each other and a repeated read adds nothing (the brief: reads are rows of their own).
 */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.noticeId, table.userId] }),
    index('notice_reads_user_id_idx').on(table.userId),
  ],
);

/** One changed field of a notice: its value before and after (null: none, as at creation). */
export interface NoticeFieldChange {
  field: string;
  before: string | boolean | null;
  after: string | boolean | null;
}

/**
 * The audit trail of notices: every create, update and delete, by whom and when, with the fields it changed.
 * The serial id also numbers the live events (`id:` of the notice stream), so a stream that reconnects asks
 * for what came after the last one it saw.
 */
export const noticeChanges = pgTable(
  'notice_changes',
  {
    id: serial('id').primaryKey(),
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['created', 'updated', 'deleted'] }).notNull(),
    fields: jsonb('fields').$type<NoticeFieldChange[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('notice_changes_notice_id_idx').on(table.noticeId)],
);

export type NoticeChangeRow = typeof noticeChanges.$inferSelect;

/**
 * The export-control trail (issue 13): one row per download URL issued, written before the URL is, so no
 * file leaves without its record. Refused requests write nothing. The user's id, email and name are copied
 * as they were at the time: the trail must outlive a renamed or deleted account.
 */
export const downloadRecords = pgTable(
  'download_records',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    fileType: text('file_type', { enum: DOWNLOAD_FILE_TYPES }).notNull(),
    fileName: text('file_name').notNull(),
    /** ISO 3166-1 alpha-2; null for a Postman collection, which names no deployment. */
    deploymentCountry: text('deployment_country'),
    deploymentAddress1: text('deployment_address1'),
    deploymentAddress2: text('deployment_address2'),
    deploymentState: text('deployment_state'),
    companyCountry: text('company_country'),
    companyAddress1: text('company_address1'),
    companyAddress2: text('company_address2'),
    companyState: text('company_state'),
    clientAddress: text('client_address').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('download_records_created_at_idx').on(table.createdAt),
    index('download_records_email_idx').on(table.email),
  ],
);

export type DownloadRecordRow = typeof downloadRecords.$inferSelect;

/**
 * Files attached to a ticket (issue 14): the bytes live in the object store (`storageKey`), this row says
 * which ticket of the help desk they belong to and who attached them. Public to everyone who sees the ticket.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    /** The help desk's ticket number (its own table; no foreign key across the connector boundary). */
    ticketId: integer('ticket_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedBy: text('uploaded_by').notNull(),
    uploaderName: text('uploader_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('ticket_attachments_ticket_idx').on(table.ticketId, table.createdAt)],
);

export type TicketAttachmentRow = typeof ticketAttachments.$inferSelect;

/**
 * The built-in assistant's conversations (issue 15), one user's each. Deleted `assistant.conversationRetentionDays`
 * after their last message (services/assistant/conversations.ts prunes them on every question).
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first question, cut to a title's length. */
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A user's list, newest first; the prune reads the time alone.
    index('assistant_conversations_user_idx').on(table.userId, table.updatedAt),
    index('assistant_conversations_updated_at_idx').on(table.updatedAt),
  ],
);

export type AssistantConversationRow = typeof assistantConversations.$inferSelect;

/** The questions and answers of a conversation, in order of their serial id. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    /** The question, or the generated answer ('' when there is none). */
    text: text('text').notNull(),
    /** The passages shown with an answer (kept as shown, so the history does not change with the content). */
    passages: jsonb('passages').$type<AssistantPassage[]>().notNull().default([]),
    /** Null for a question. */
    confident: boolean('confident'),
    createdAt: createdAt(),
  },
  (table) => [index('assistant_messages_conversation_idx').on(table.conversationId, table.id)],
);

export type AssistantMessageRow = typeof assistantMessages.$inferSelect;

/**
 * Fixed-window counters of the per-user write limits (plugins/rate-limits.ts), kept in the database so that
 * every instance counts the same when no Redis is configured. A key's window restarts on its first hit after
 * `resets_at`; rows past it are swept.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at_idx').on(table.resetsAt)],
);
