import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { NOTICE_TYPES } from '../../../common/notices.js';
import { createdAt } from './columns.js';
import { users } from './auth.js';

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
