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

/**
 * The key that signs the built-in store's download URLs, made once by whichever instance needs it first and
 * read by all: a URL one instance signs is good on every other, with no secret to configure.
 */
export const storageSigningKeys = pgTable('storage_signing_keys', {
  id: text('id').primaryKey(),
  key: bytea('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
