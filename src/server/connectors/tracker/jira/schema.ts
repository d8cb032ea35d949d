import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../../db/schema/auth.js';

/**
 * Each agent's grant at a vendor that searches as the agent (Jira's OAuth 2.0 3LO grant). Both tokens are
 * stored only sealed (AES-256-GCM under CONNECTOR_TOKEN_KEY, token-cipher.ts): a copy of the database alone
 * reads no vendor's data. A refresh rotates the refresh token under this row's lock (grants.ts).
 */
export const connectorGrants = pgTable(
  'connector_grants',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `jira`. */
    vendor: text('vendor').notNull(),
    /** The vendor's id of the account (Jira's `account_id`). */
    accountId: text('account_id').notNull(),
    /** The Jira site the grant searches (its cloud id, from accessible-resources). */
    cloudId: text('cloud_id').notNull(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    /** When the access token stops working, by the vendor's `expires_in`. */
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.vendor] })],
);
