import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector, weightedVector } from '../../../db/search-columns.js';

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
