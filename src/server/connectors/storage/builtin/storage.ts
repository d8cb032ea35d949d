import { createHash } from 'node:crypto';
import { asc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { ServiceError } from '../../../lib/errors.js';
import { checkObjectKey } from '../object-key.js';
import type { PutObjectInput, StorageConnector, StoredObject } from '../types.js';
import { storedObjects } from './schema.js';
import { loadSigningKey, signClaims } from './url-signing.js';

const metadata = {
  key: storedObjects.key,
  contentType: storedObjects.contentType,
  size: storedObjects.size,
  sha256: storedObjects.sha256,
  createdAt: storedObjects.createdAt,
};

/** Reads a body whole, refusing it as soon as it passes `maxBytes` (a stream is not read to its end then). */
async function readBounded(body: PutObjectInput['body'], maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new ServiceError('INVALID_INPUT', `The file is larger than ${maxBytes} bytes.`);
  if (body instanceof Uint8Array) {
    if (body.byteLength > maxBytes) throw tooLarge();
    return body;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** `%`, `_` and `\` taken literally in a LIKE prefix. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The built-in store, with what its own URL-serving route needs beyond the interface. */
export interface BuiltinStorage extends StorageConnector {
  /** The signing key of the URLs (loaded once, shared by every instance through the database). */
  signingKey(): Promise<Buffer>;
  /** Bytes `start` to `end` (inclusive) of an object, read in the database; undefined when there is none. */
  getRange(key: string, start: number, end: number): Promise<Uint8Array | undefined>;
}

export function createBuiltinStorage(options: { db: Database; objectPath: string }): BuiltinStorage {
  const { db } = options;
  let signingKey: Promise<Buffer> | undefined;
  const loadKey = () => {
    // A failed load (the database was down) is tried again on the next call instead of kept.
    signingKey ??= loadSigningKey(db).catch((error: unknown) => {
      signingKey = undefined;
      throw error;
    });
    return signingKey;
  };
  return {
    provider: 'builtin',

    async put(input) {
      const key = checkObjectKey(input.key);
      const body = await readBounded(input.body, input.maxBytes);
      const row = {
        key,
        contentType: input.contentType,
        size: body.byteLength,
        sha256: createHash('sha256').update(body).digest('hex'),
        body,
      };
      const [stored] = await db
        .insert(storedObjects)
        .values(row)
        .onConflictDoUpdate({
          target: storedObjects.key,
          set: { ...row, createdAt: sql`now()` },
        })
        .returning(metadata);
      if (!stored) throw new Error(`storage: no row returned for ${key}`);
      return stored;
    },

    async head(key) {
      const [row] = await db
        .select(metadata)
        .from(storedObjects)
        .where(eq(storedObjects.key, checkObjectKey(key)));
      return row;
    },

    async get(key) {
      const [row] = await db
        .select({ ...metadata, body: storedObjects.body })
        .from(storedObjects)
        .where(eq(storedObjects.key, checkObjectKey(key)));
      if (!row) return undefined;
      const { body, ...object } = row;
      return { object: object satisfies StoredObject, body: new Uint8Array(body) };
    },

    async delete(key) {
      const rows = await db
        .delete(storedObjects)
        .where(eq(storedObjects.key, checkObjectKey(key)))
        .returning({ key: storedObjects.key });
      return rows.length > 0;
    },

    async list(prefix, limit) {
      return db
        .select(metadata)
        .from(storedObjects)
        .where(like(storedObjects.key, likePrefix(prefix)))
        .orderBy(asc(storedObjects.key))
        .limit(limit);
    },

    signingKey: loadKey,

    async signedUrl(key, { fileName, expiresInSeconds }) {
      const claims = {
        key: checkObjectKey(key),
        fileName,
        expires: Math.floor(Date.now() / 1000) + expiresInSeconds,
      };
      const signature = signClaims(await loadKey(), claims);
      const query = new URLSearchParams({
        key: claims.key,
        name: fileName,
        expires: String(claims.expires),
        signature,
      });
      return `${options.objectPath}?${query.toString()}`;
    },

    async getRange(key, start, end) {
      // substring() counts from 1; PostgreSQL reads only the slice of an uncompressed (external) value.
      const [row] = await db
        .select({
          slice: sql<Uint8Array>`substring(${storedObjects.body} from ${start + 1} for ${end - start + 1})`,
        })
        .from(storedObjects)
        .where(eq(storedObjects.key, checkObjectKey(key)));
      return row ? new Uint8Array(row.slice) : undefined;
    },
  };
}
