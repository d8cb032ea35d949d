import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './columns.js';

/**
 * Files attached to a ticket: the bytes live in the object store (`storageKey`), this row says
 * which ticket of the help desk they belong to and who attached them. Public to everyone who sees the ticket.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    /** The help desk's ticket number (its own table; no foreign key across the connector boundary). */
    ticketId: integer('ticket_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedBy: text('uploaded_by').notNull(),
    uploaderName: text('uploader_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('ticket_attachments_ticket_idx').on(table.ticketId, table.createdAt)],
);

export type TicketAttachmentRow = typeof ticketAttachments.$inferSelect;

/**
 * When a user last opened a ticket's page: My Requests marks a ticket an agent replied to since. One row per
 * user and ticket, moved forward on every view.
 */
export const ticketViews = pgTable(
  'ticket_views',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The help desk's ticket number (no foreign key across the connector boundary). */
    ticketId: integer('ticket_id').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.ticketId] })],
);

/**
 * The tracker issues (Jira defects) an agent linked to a ticket, by key. Only the key is kept: summary and
 * status are read from the tracker when the ticket is shown, so they never go stale here.
 */
export const ticketIssueLinks = pgTable(
  'ticket_issue_links',
  {
    ticketId: integer('ticket_id').notNull(),
    /** Project key and number, upper case: `NET-1008`. */
    issueKey: text('issue_key').notNull(),
    linkedBy: text('linked_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.issueKey] })],
);
