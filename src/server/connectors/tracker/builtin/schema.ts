import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
