import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './columns.js';

/**
 * The agents' canned replies (macros): a title to find it by, the text it puts into the reply, and the status
 * the reply then preselects (`open`, `pending`, `solved`: what a reply may set in the same step), or none.
 * Titles are unique whatever their case, so the agents' list never holds two that read the same. The limits
 * repeat the API's (common/contracts/canned-replies.ts), so a row written another way cannot exceed them.
 */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    statusChange: text('status_change'),
    /** Null for the demo's and once the admin's account is gone. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('canned_replies_title_key').on(sql`lower(${table.title})`),
    check('canned_replies_title_length', sql`char_length(${table.title}) between 1 and 120`),
    check('canned_replies_body_length', sql`char_length(${table.body}) between 1 and 5000`),
    check(
      'canned_replies_status_change',
      sql`${table.statusChange} is null or ${table.statusChange} in ('open', 'pending', 'solved')`,
    ),
  ],
);

export type CannedReplyRow = typeof cannedReplies.$inferSelect;
