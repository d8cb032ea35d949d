import { createHash, randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { ServiceError } from '../../../lib/errors.js';
import { checkDownloadName } from '../download-name.js';
import { checkObjectKey } from '../object-key.js';
import type { PutObjectInput, StorageConnector, StoredObject } from '../types.js';
import { storedObjectChunks, storedObjects } from './schema.js';
import { loadSigningKey, signClaims } from './url-signing.js';

/**
 * Lets the event loop serve other requests between two statements of one file. PGlite answers a statement
 * in the same turn (its promises settle as microtasks), so a loop of awaited statements would otherwise hold
 * the loop until the whole file is through: a 25 MB upload kept `/healthz` waiting 3.5 s.
 */
const letOthersIn = () => nextTurn();

/**
 * Bytes a chunk holds, and the most one read asks for. On PGlite a statement runs on the server's own thread:
 * writing a 512 KiB chunk held it for about 4 ms (1 MiB: 8 ms, 2 MiB: 14 ms, 4 MiB: 80 ms), while a 25 MiB
 * file took the same 0.5-0.8 s at any size from 256 KiB to 2 MiB (on PostgreSQL 0.1-0.3 s).
 */
export const CHUNK_BYTES = 512 * 1024;

const metadata = {
  key: storedObjects.key,
  contentType: storedObjects.contentType,
  size: storedObjects.size,
  sha256: storedObjects.sha256,
  createdAt: storedObjects.createdAt,
};

const tooLarge = (maxBytes: number) =>
  new ServiceError('INVALID_INPUT', `The file is larger than ${maxBytes} bytes.`);

/**
 * A body cut into chunks of {@link CHUNK_BYTES} (the last one shorter), refused as soon as it passes
 * `maxBytes`: a stream is then not read to its end, and a chunk is written while the next one arrives.
 */
async function* chunksOf(body: PutObjectInput['body'], maxBytes: number): AsyncGenerator<Uint8Array> {
  if (body instanceof Uint8Array) {
    if (body.byteLength > maxBytes) throw tooLarge(maxBytes);
    for (let offset = 0; offset < body.byteLength; offset += CHUNK_BYTES) {
      yield body.subarray(offset, offset + CHUNK_BYTES);
    }
    return;
  }
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let size = 0;
  for await (const piece of body) {
    size += piece.byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes);
    pending.push(piece);
    pendingBytes += piece.byteLength;
    if (pendingBytes < CHUNK_BYTES) continue;
    const joined = Buffer.concat(pending, pendingBytes);
    let offset = 0;
    for (; joined.byteLength - offset >= CHUNK_BYTES; offset += CHUNK_BYTES) {
      yield joined.subarray(offset, offset + CHUNK_BYTES);
    }
    pending = offset < joined.byteLength ? [joined.subarray(offset)] : [];
    pendingBytes = joined.byteLength - offset;
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

/** `%`, `_` and `\` taken literally in a LIKE prefix. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The built-in store, with what its own URL-serving route needs beyond the interface. */
export interface BuiltinStorage extends StorageConnector {
  /** The signing key of the URLs (loaded once, shared by every instance through the database). */
  signingKey(): Promise<Buffer>;
  /**
   * Bytes `start` to `end` (inclusive) of an object, read lazily from only the chunks that hold them (as the
   * body of `get`); undefined when there is no such object.
   */
  getRange(key: string, start: number, end: number): Promise<AsyncIterable<Uint8Array> | undefined>;
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

  const deleteBody = (bodyId: string) =>
    db.delete(storedObjectChunks).where(eq(storedObjectChunks.bodyId, bodyId));

  /**
   * Bytes `start` (inclusive) to `end` (exclusive) of a body. Chunks may have any length (an object stored
   * before chunking is one chunk at position 0), so only those overlapping the range are listed, with their
   * lengths, and each is read in slices of at most {@link CHUNK_BYTES}, one statement per slice: other
   * requests get the database between them. A missing or short slice means the object was replaced or
   * deleted meanwhile; the reader gets an error rather than other bytes.
   */
  async function* readBody(bodyId: string, start: number, end: number): AsyncGenerator<Uint8Array> {
    if (end <= start) return;
    const length = sql<number>`octet_length(${storedObjectChunks.body})`;
    const chunks = await db
      .select({ position: storedObjectChunks.position, length })
      .from(storedObjectChunks)
      .where(
        and(
          eq(storedObjectChunks.bodyId, bodyId),
          lt(storedObjectChunks.position, end),
          gt(sql`${storedObjectChunks.position} + ${length}`, start),
        ),
      )
      .orderBy(asc(storedObjectChunks.position));
    const gone = (offset: number) =>
      new Error(`storage: body ${bodyId} has no bytes from ${offset} (replaced or deleted)`);
    let next = start;
    for (const chunk of chunks) {
      if (chunk.position > next) throw gone(next);
      const until = Math.min(chunk.position + Number(chunk.length), end);
      while (next < until) {
        const take = Math.min(CHUNK_BYTES, until - next);
        const [slice] = await db
          .select({
            // substring() counts from 1.
            bytes: sql<Uint8Array>`substring(${storedObjectChunks.body} from ${next - chunk.position + 1} for ${take})`,
          })
          .from(storedObjectChunks)
          .where(and(eq(storedObjectChunks.bodyId, bodyId), eq(storedObjectChunks.position, chunk.position)));
        if (slice?.bytes.byteLength !== take) throw gone(next);
        next += take;
        yield slice.bytes;
        await letOthersIn();
      }
    }
    if (next < end) throw gone(next);
  }

  return {
    provider: 'builtin',

    async put(input) {
      const key = checkObjectKey(input.key);
      // A fresh body for every write: the chunks are written first, each a statement of its own (a
      // transaction around them would hold PGlite's only connection for the whole file), and the row is
      // pointed at them in one statement. A failure before that leaves unreferenced chunks, never a row
      // without its bytes, and a reader of the previous version reads it whole until the switch.
      const bodyId = randomUUID();
      const hash = createHash('sha256');
      let size = 0;
      try {
        for await (const chunk of chunksOf(input.body, input.maxBytes)) {
          await db.insert(storedObjectChunks).values({ bodyId, position: size, body: chunk });
          await letOthersIn();
          hash.update(chunk);
          size += chunk.byteLength;
        }
      } catch (error) {
        await deleteBody(bodyId).catch(() => undefined);
        throw error;
      }
      const row = { key, contentType: input.contentType, size, sha256: hash.digest('hex'), bodyId };
      // Compare-and-set: the row is switched only from the body read just before, so of two writes
      // racing on one key each deletes exactly the body it replaced (a lost race reads the winner's and
      // tries again).
      for (let attempt = 1; ; attempt += 1) {
        const [current] = await db
          .select({ bodyId: storedObjects.bodyId })
          .from(storedObjects)
          .where(eq(storedObjects.key, key));
        const [stored] = await db
          .insert(storedObjects)
          .values(row)
          .onConflictDoUpdate({
            target: storedObjects.key,
            set: { ...row, createdAt: sql`now()` },
            setWhere: current ? eq(storedObjects.bodyId, current.bodyId) : sql`false`,
          })
          .returning(metadata);
        if (stored) {
          if (current) await deleteBody(current.bodyId);
          return stored;
        }
        if (attempt === 5) {
          await deleteBody(bodyId).catch(() => undefined);
          throw new Error(`storage: ${key} kept changing while it was written`);
        }
      }
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
        .select({ ...metadata, bodyId: storedObjects.bodyId })
        .from(storedObjects)
        .where(eq(storedObjects.key, checkObjectKey(key)));
      if (!row) return undefined;
      const { bodyId, ...object } = row;
      return { object: object satisfies StoredObject, body: readBody(bodyId, 0, object.size) };
    },

    async delete(key) {
      const [row] = await db
        .delete(storedObjects)
        .where(eq(storedObjects.key, checkObjectKey(key)))
        .returning({ bodyId: storedObjects.bodyId });
      if (!row) return false;
      await deleteBody(row.bodyId);
      return true;
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
        fileName: checkDownloadName(fileName),
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
      const [row] = await db
        .select({ bodyId: storedObjects.bodyId, size: storedObjects.size })
        .from(storedObjects)
        .where(eq(storedObjects.key, checkObjectKey(key)));
      return row ? readBody(row.bodyId, start, Math.min(end + 1, row.size)) : undefined;
    },
  };
}
