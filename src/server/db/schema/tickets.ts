import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
