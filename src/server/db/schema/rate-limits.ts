import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
