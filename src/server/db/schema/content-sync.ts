import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Where each vendor feed's sync stands (services/content/vendor-sync.ts): one row per source (`kb`, `docs`,
 * `community`) whose content comes from a vendor. The lease lets one instance at a time run a source's sync:
 * a feed pass is minutes of vendor calls, too long to hold a database connection (or PGlite's only one) for a
 * session lock.
 */
export const contentSyncState = pgTable('content_sync_state', {
  source: text('source').primaryKey(),
  vendor: text('vendor').notNull(),
  /** Where the next pass starts (the feed's own cursor); null before the first pass. */
  cursor: text('cursor'),
  /** When the next pass is due; "Sync now" sets it to now. */
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** The last complete pass (every published item listed, the rest removed). */
  lastFullAt: timestamp('last_full_at', { withTimezone: true }),
  /** What went wrong in the last pass, in words for the admin; null after a success. */
  lastError: text('last_error'),
  /** Items written and removed by the last successful pass. */
  written: integer('written').notNull().default(0),
  removed: integer('removed').notNull().default(0),
  /** The instance running the sync now, until `leaseUntil`; a crashed instance's lease runs out. */
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

export type ContentSyncRow = typeof contentSyncState.$inferSelect;
