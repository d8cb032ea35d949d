import { bigint, customType, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
  /** The chunks holding the bytes (`stored_object_chunks.body_id`); a new id each time the object is written. */
  bodyId: text('body_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An object's bytes in pieces, each written by a statement of its own: a large file never becomes one value
 * that the database driver (PGlite's runs on the server's own thread) encodes or decodes in one go, and other
 * requests are served between the pieces. `position` is the offset of the chunk's first byte.
 */
export const storedObjectChunks = pgTable(
  'stored_object_chunks',
  {
    bodyId: text('body_id').notNull(),
    position: bigint('position', { mode: 'number' }).notNull(),
    body: bytea('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bodyId, table.position] })],
);

/**
 * The key that signs the built-in store's download URLs, made once by whichever instance needs it first and
 * read by all: a URL one instance signs is good on every other, with no secret to configure.
 */
export const storageSigningKeys = pgTable('storage_signing_keys', {
  id: text('id').primaryKey(),
  key: bytea('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
