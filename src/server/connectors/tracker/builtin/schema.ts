import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector, weightedVector } from '../../../db/search-columns.js';

/**
 * Table of the built-in ticketing system's authorization server: the codes it hands to the portal after an
 * agent authorizes it (single use, 60 seconds, bound to PKCE, the client and the redirect URI).
 */
export const trackerAuthCodes = pgTable(
  'tracker_auth_codes',
  {
    /** Hex SHA-256 of the code. */
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    /** The portal user who authorized the tracker (the tracker's account is the same person). */
    userId: text('user_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('tracker_auth_codes_expires_at_idx').on(table.expiresAt)],
);

/** The tracker's defects (Jira issues in the vendor's deployment), searched by agents. */
export const trackerIssues = pgTable(
  'tracker_issues',
  {
    id: serial('id').primaryKey(),
    /** Project key and number, e.g. `NET-1042`. */
    key: text('key').notNull().unique(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull(),
    // The key is searchable too (an agent pastes `NET-1042`), at the summary's weight.
    search: tsvector('search').generatedAlwaysAs(weightedVector("key || ' ' || summary", 'description')),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tracker_issues_search_idx').using('gin', table.search)],
);
