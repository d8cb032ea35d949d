import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The live event streams open on every instance, one row per stream (lib/stream-places.ts), so that
 * STREAMS_PER_USER counts a user's streams on all instances together when no Redis is configured. A row is
 * deleted when its stream closes; one whose instance died runs out at `expires_at` (a stream's longest life and
 * a margin).
 */
export const eventStreamPlaces = pgTable(
  'event_stream_places',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('event_stream_places_user_idx').on(table.userId),
    index('event_stream_places_expires_at_idx').on(table.expiresAt),
  ],
);
