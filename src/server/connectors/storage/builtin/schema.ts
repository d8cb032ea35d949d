import { bigint, customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The built-in object store: objects as rows, so every instance of the portal sees the same files without a
 * shared disk. Meant for attachments and demo images; a deployment with large edge images uses S3.
 */
export const storedObjects = pgTable('stored_objects', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  body: bytea('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
