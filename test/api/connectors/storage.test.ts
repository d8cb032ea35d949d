import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedObjectChunks, storedObjects } from '../../../src/server/connectors/storage/builtin/schema.js';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  CHUNK_BYTES,
  createBuiltinStorage,
  type BuiltinStorage,
} from '../../../src/server/connectors/storage/builtin/storage.js';
import { isServiceError } from '../../../src/server/lib/errors.js';
import { readAll } from '../../support/bytes.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** Large buffers compare by digest: an element-wise comparison of a megabyte takes seconds. */
const digest = (bytes: Uint8Array | undefined) => bytes && sha256(bytes);

async function* chunks(...parts: string[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield new TextEncoder().encode(part);
}

describe('built-in storage connector', () => {
  let database: TestDatabase;
  let storage: BuiltinStorage;
  beforeAll(async () => {
    database = await createTestDatabase();
    storage = createBuiltinStorage({ db: database.db, objectPath: apiPaths.storage.object });
  });

  /** The chunks of the object under `key`, as (position, length). */
  const chunksOf = async (key: string) => {
    const [row] = await database.db
      .select({ bodyId: storedObjects.bodyId })
      .from(storedObjects)
      .where(eq(storedObjects.key, key));
    if (!row) return [];
    const chunks = await database.db
      .select({ position: storedObjectChunks.position, body: storedObjectChunks.body })
      .from(storedObjectChunks)
      .where(eq(storedObjectChunks.bodyId, row.bodyId))
      .orderBy(storedObjectChunks.position);
    return chunks.map((chunk) => [chunk.position, chunk.body.byteLength]);
  };
  const chunkCount = async () =>
    (await database.db.select({ value: count() }).from(storedObjectChunks))[0]?.value ?? 0;
  afterAll(() => database.close());

  it('keeps the bytes and answers their size and SHA-256', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255, 254, 0]);
    const stored = await storage.put({
      key: 'attachments/1/bundle.tar.gz',
      contentType: 'application/gzip',
      body: bytes,
      maxBytes: 100,
    });
    expect(stored).toMatchObject({ key: 'attachments/1/bundle.tar.gz', size: 6, sha256: sha256(bytes) });
    const read = await storage.get('attachments/1/bundle.tar.gz');
    expect(read && [...(await readAll(read.body))]).toEqual([...bytes]);
    expect(read?.object.contentType).toBe('application/gzip');
    expect(await storage.head('attachments/1/bundle.tar.gz')).toMatchObject({ size: 6 });
  });

  it('reads a stream, and a second put under the key replaces the object', async () => {
    await storage.put({ key: 'notes/a.txt', contentType: 'text/plain', body: chunks('old'), maxBytes: 10 });
    const stored = await storage.put({
      key: 'notes/a.txt',
      contentType: 'text/plain',
      body: chunks('new ', 'text'),
      maxBytes: 10,
    });
    expect(stored.size).toBe(8);
    const read = await storage.get('notes/a.txt');
    expect(read && (await readAll(read.body)).toString()).toBe('new text');
  });

  it('refuses a body over maxBytes and keeps nothing', async () => {
    const refused = storage.put({
      key: 'big/file.bin',
      contentType: 'application/octet-stream',
      body: chunks('12345', '67890', 'x'),
      maxBytes: 10,
    });
    await expect(refused).rejects.toSatisfy(
      (error) => isServiceError(error) && error.code === 'INVALID_INPUT',
    );
    expect(await storage.head('big/file.bin')).toBeUndefined();
  });

  it.each(['../etc/passwd', '/abs/path', 'a//b', 'a/./b', 'a\\b', 'nul\u0000byte', '', 'x'.repeat(1025)])(
    'refuses the key %j',
    async (key) => {
      await expect(
        storage.put({ key, contentType: 'text/plain', body: new Uint8Array(1), maxBytes: 10 }),
      ).rejects.toSatisfy((error) => isServiceError(error) && error.code === 'INVALID_INPUT');
    },
  );

  it('lists by prefix with LIKE wildcards taken literally, and deletes', async () => {
    for (const key of ['list/1/a', 'list/1/b', 'list/10/c', 'list_1/d']) {
      await storage.put({ key, contentType: 'text/plain', body: new Uint8Array(1), maxBytes: 1 });
    }
    expect((await storage.list('list/1/', 10)).map((object) => object.key)).toEqual(['list/1/a', 'list/1/b']);
    expect((await storage.list('list_', 10)).map((object) => object.key)).toEqual(['list_1/d']);
    expect(await storage.delete('list/1/a')).toBe(true);
    expect(await storage.delete('list/1/a')).toBe(false);
    expect(await storage.get('list/1/a')).toBeUndefined();
  });

  it('writes a large body in chunks, from bytes or from a stream of odd pieces, and reads it back whole', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 1000);
    async function* pieces(): AsyncIterable<Uint8Array> {
      for (let offset = 0; offset < bytes.byteLength; offset += 100_003) {
        yield bytes.subarray(offset, offset + 100_003);
      }
    }
    const layout = [
      [0, CHUNK_BYTES],
      [CHUNK_BYTES, CHUNK_BYTES],
      [2 * CHUNK_BYTES, 1000],
    ];
    for (const [key, body] of [
      ['large/bytes.bin', bytes],
      ['large/stream.bin', pieces()],
    ] as const) {
      const stored = await storage.put({
        key,
        contentType: 'application/zip',
        body,
        maxBytes: bytes.byteLength,
      });
      expect(stored).toMatchObject({ size: bytes.byteLength, sha256: sha256(bytes) });
      expect(await chunksOf(key)).toEqual(layout);
      const read = await storage.get(key);
      expect(read && sha256(await readAll(read.body))).toBe(sha256(bytes));
    }
  });

  it('reads a range across a chunk boundary from only the chunks the range overlaps', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 1000);
    await storage.put({ key: 'range/a.bin', contentType: 'application/zip', body: bytes, maxBytes: 1e8 });
    const range = async (start: number, end: number) => {
      const body = await storage.getRange('range/a.bin', start, end);
      return body && readAll(body);
    };
    for (const [start, end] of [
      [CHUNK_BYTES - 10, CHUNK_BYTES + 9],
      [CHUNK_BYTES - 1, 2 * CHUNK_BYTES],
      [0, 0],
      [bytes.byteLength - 1, bytes.byteLength - 1],
      [0, bytes.byteLength - 1],
    ] as const) {
      expect(digest(await range(start, end))).toBe(sha256(bytes.subarray(start, end + 1)));
    }
    expect(await storage.getRange('range/missing.bin', 0, 1)).toBeUndefined();
    // Without its first chunk, a range in the second still reads (nothing else is fetched), while the whole
    // body fails instead of answering other bytes.
    const [row] = await database.db
      .select({ bodyId: storedObjects.bodyId })
      .from(storedObjects)
      .where(eq(storedObjects.key, 'range/a.bin'));
    await database.db
      .delete(storedObjectChunks)
      .where(and(eq(storedObjectChunks.bodyId, row?.bodyId ?? ''), eq(storedObjectChunks.position, 0)));
    expect(digest(await range(CHUNK_BYTES + 5, CHUNK_BYTES + 7))).toBe(
      sha256(bytes.subarray(CHUNK_BYTES + 5, CHUNK_BYTES + 8)),
    );
    const read = await storage.get('range/a.bin');
    await expect(read && readAll(read.body)).rejects.toThrow(/no bytes from 0/);
    await expect(range(CHUNK_BYTES - 1, CHUNK_BYTES)).rejects.toThrow(/replaced or deleted/);
  });

  it('reads an object stored before chunking: one chunk at position 0, longer than a chunk', async () => {
    const bytes = randomBytes(3 * CHUNK_BYTES + 17);
    await database.db.insert(storedObjectChunks).values({ bodyId: 'migrated', position: 0, body: bytes });
    await database.db.insert(storedObjects).values({
      key: 'old/image.qcow2',
      contentType: 'application/octet-stream',
      size: bytes.byteLength,
      sha256: sha256(bytes),
      bodyId: 'migrated',
    });
    const read = await storage.get('old/image.qcow2');
    expect(read && sha256(await readAll(read.body))).toBe(sha256(bytes));
    for (const [start, end] of [
      [CHUNK_BYTES - 3, CHUNK_BYTES + 2],
      [10, 2 * CHUNK_BYTES + 10],
      [3 * CHUNK_BYTES, 3 * CHUNK_BYTES + 16],
    ] as const) {
      const body = await storage.getRange('old/image.qcow2', start, end);
      expect(digest(body && (await readAll(body)))).toBe(sha256(bytes.subarray(start, end + 1)));
    }
    // Replacing it deletes the old chunk like any other body.
    await storage.put({
      key: 'old/image.qcow2',
      contentType: 'text/plain',
      body: chunks('new'),
      maxBytes: 10,
    });
    expect(
      await database.db.select().from(storedObjectChunks).where(eq(storedObjectChunks.bodyId, 'migrated')),
    ).toEqual([]);
  });

  it('leaves no chunks behind an object replaced, deleted or refused part-way', async () => {
    const before = await chunkCount();
    for (const size of [CHUNK_BYTES + 1, 10, 2 * CHUNK_BYTES]) {
      await storage.put({
        key: 'tidy/a.bin',
        contentType: 'text/plain',
        body: randomBytes(size),
        maxBytes: 1e8,
      });
    }
    expect(await chunksOf('tidy/a.bin')).toEqual([
      [0, CHUNK_BYTES],
      [CHUNK_BYTES, CHUNK_BYTES],
    ]);
    expect(await chunkCount()).toBe(before + 2);
    expect(await storage.delete('tidy/a.bin')).toBe(true);
    expect(await chunkCount()).toBe(before);
    // A stream found too large after its first chunk was written.
    async function* halves(): AsyncIterable<Uint8Array> {
      for (let i = 0; i < 3; i += 1) yield randomBytes(CHUNK_BYTES / 2);
    }
    await expect(
      storage.put({
        key: 'tidy/b.bin',
        contentType: 'text/plain',
        body: halves(),
        maxBytes: CHUNK_BYTES + 10,
      }),
    ).rejects.toSatisfy((error) => isServiceError(error) && error.code === 'INVALID_INPUT');
    expect(await storage.head('tidy/b.bin')).toBeUndefined();
    expect(await chunkCount()).toBe(before);
  });

  it('of writes racing on one key, one wins whole and every replaced body is deleted', async () => {
    const before = await chunkCount();
    const bodies = Array.from({ length: 5 }, () => randomBytes(CHUNK_BYTES + 100));
    await Promise.all(
      bodies.map((body) =>
        storage.put({ key: 'race/a.bin', contentType: 'text/plain', body, maxBytes: 1e8 }),
      ),
    );
    const read = await storage.get('race/a.bin');
    const winner = read && sha256(await readAll(read.body));
    expect(bodies.map(sha256)).toContain(winner);
    expect(read?.object.sha256).toBe(winner);
    expect(await chunkCount()).toBe(before + 2);
  });
});
