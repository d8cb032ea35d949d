import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Authorization codes of the built-in authorization servers (help desk and tracker) handed to the portal:
 * single use, short-lived, bound to PKCE, the client and the redirect URI. `issuer` keeps each server's codes
 * its own: a tracker code is no help-desk code.
 */
export const authorizationCodes = pgTable(
  'authorization_codes',
  {
    /** Hex SHA-256 of the code. */
    codeHash: text('code_hash').primaryKey(),
    issuer: text('issuer', { enum: ['helpdesk', 'tracker'] }).notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    /** Whom the code signs in: the help desk user's email, or the portal user id the tracker trusts. */
    subject: text('subject').notNull(),
    /** The help desk role the code was issued for; null for the tracker. */
    role: text('role'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('authorization_codes_expires_at_idx').on(table.expiresAt)],
);
