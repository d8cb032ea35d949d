import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageConnector } from '../../../src/server/connectors/storage/index.js';
import type { StorageConnector } from '../../../src/server/connectors/storage/types.js';
import { isServiceError } from '../../../src/server/lib/errors.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function* chunks(...parts: string[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield new TextEncoder().encode(part);
}

describe('built-in storage connector', () => {
  let database: TestDatabase;
  let storage: StorageConnector;
  beforeAll(async () => {
    database = await createTestDatabase();
    storage = createStorageConnector({ db: database.db });
  });
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
    expect(read && [...read.body]).toEqual([...bytes]);
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
    expect(new TextDecoder().decode(read?.body)).toBe('new text');
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
});
