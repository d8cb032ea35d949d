import { createHash } from 'node:crypto';
import { ListMultipartUploadsCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStorageConnector } from '../../../src/server/connectors/storage/index.js';
import { createS3Client, type S3Settings } from '../../../src/server/connectors/storage/s3/client.js';
import { createS3Storage } from '../../../src/server/connectors/storage/s3/storage.js';
import type { StorageConnector } from '../../../src/server/connectors/storage/types.js';
import { isServiceError } from '../../../src/server/lib/errors.js';
import { startS3Fake, type S3Fake } from '../../fakes/s3/index.js';
import { readAll } from '../../support/bytes.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const MiB = 1024 * 1024;

/** `total` bytes in pieces of `piece`, each filled with its own index (so misplaced pieces change the hash). */
async function* stream(total: number, piece = 64 * 1024): AsyncIterable<Uint8Array> {
  for (let sent = 0, index = 0; sent < total; sent += piece, index += 1) {
    yield new Uint8Array(Math.min(piece, total - sent)).fill(index % 251);
  }
}
const bytesOf = async (total: number) => readAll(stream(total));

describe('S3 storage adapter against the S3 fake', () => {
  let s3: S3Fake;
  let client: S3Client;
  let storage: StorageConnector;
  let settings: S3Settings;
  /** The operations the fake was asked for since the last reset, in order. */
  const operations = () => s3.log.map((entry) => entry.outcome.operation);

  beforeAll(async () => {
    s3 = await startS3Fake({ buckets: ['portal-files'] });
    settings = { bucket: 'portal-files', region: s3.region, endpoint: s3.endpoint, prefix: 'portal' };
    // The fake's key goes to this client only: the adapter itself reads none (the SDK's default chain does).
    client = createS3Client(settings, { credentials: s3.credentials });
    // A small switch to multipart keeps the bodies small; parts stay at S3's minimum of 5 MiB.
    storage = createS3Storage({
      client,
      settings,
      putSizes: { singlePutMaxBytes: 64 * 1024, partBytes: 5 * MiB },
    });
  });
  afterAll(async () => {
    client.destroy();
    await s3.stop();
  });
  beforeEach(() => {
    s3.log.length = 0;
    s3.setListBucket(true);
    s3.setMaxKeys(undefined);
  });

  it('is chosen by S3_BUCKET', () => {
    const env = {
      S3_BUCKET: 'portal-files',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: true,
    } as const;
    // Nothing shared: the S3 store needs no database.
    expect(createStorageConnector(env, null as never).provider).toBe('s3');
  });

  it('signs path-style requests at an endpoint, with every key under S3_PREFIX', async () => {
    const bytes = new TextEncoder().encode('hello');
    const stored = await storage.put({
      key: 'notes/a.txt',
      contentType: 'text/plain',
      body: bytes,
      maxBytes: 10,
    });
    expect(stored).toMatchObject({ key: 'notes/a.txt', size: 5, sha256: sha256(bytes) });
    expect(s3.keys('portal-files')).toContain('portal/notes/a.txt');
    expect(s3.log[0]?.path).toBe('/portal-files/portal/notes/a.txt');
    expect(s3.log[0]?.outcome).toMatchObject({ signature: 'verified', auth: 'header' });
  });

  it('puts a body up to the threshold in one PUT carrying x-amz-meta-sha256', async () => {
    const bytes = await bytesOf(60 * 1024);
    await storage.put({
      key: 'small.bin',
      contentType: 'application/x-small',
      body: stream(60 * 1024),
      maxBytes: MiB,
    });
    expect(operations()).toEqual(['PutObject']);
    expect(s3.object('portal/small.bin', 'portal-files')?.metadata).toEqual({ sha256: sha256(bytes) });
    expect(await storage.head('small.bin')).toMatchObject({
      size: bytes.byteLength,
      sha256: sha256(bytes),
      contentType: 'application/x-small',
    });
  });

  it('puts a larger body in parts, then adds its SHA-256 by copying it onto itself', async () => {
    const total = 5 * MiB + 300 * 1024;
    const bytes = await bytesOf(total);
    const stored = await storage.put({
      key: 'big/image.img',
      contentType: 'application/x-raw-disk-image',
      body: stream(total),
      maxBytes: 6 * MiB,
    });
    expect(stored).toMatchObject({ size: total, sha256: sha256(bytes) });
    expect(operations()).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
      'CopyObject',
    ]);
    const copy = s3.log.at(-1);
    expect(copy?.headers['x-amz-metadata-directive']).toBe('REPLACE');
    const held = s3.object('portal/big/image.img', 'portal-files');
    expect(held?.metadata).toEqual({ sha256: sha256(bytes) });
    expect(held?.contentType).toBe('application/x-raw-disk-image');
    const read = await storage.get('big/image.img');
    expect(read && sha256(await readAll(read.body))).toBe(sha256(bytes));
  });

  it('refuses a body over maxBytes with INVALID_INPUT and aborts its multipart upload', async () => {
    const refused = storage.put({
      key: 'big/too-large.img',
      contentType: 'application/octet-stream',
      body: stream(7 * MiB),
      maxBytes: 5 * MiB + 512 * 1024,
    });
    await expect(refused).rejects.toSatisfy(
      (error) => isServiceError(error) && error.code === 'INVALID_INPUT',
    );
    // A part had gone up before the limit was passed: the upload existed and was aborted, not left behind.
    expect(operations()).toContain('UploadPart');
    expect(operations()).toContain('AbortMultipartUpload');
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: 'portal-files' }));
    expect(uploads.Uploads ?? []).toEqual([]);
    expect(s3.uploads('portal-files')).toEqual([]);
    expect(s3.keys('portal-files')).not.toContain('portal/big/too-large.img');
  });

  it('refuses a whole body over maxBytes before sending anything', async () => {
    const refused = storage.put({
      key: 'x.bin',
      contentType: 'text/plain',
      body: new Uint8Array(11),
      maxBytes: 10,
    });
    await expect(refused).rejects.toSatisfy(
      (error) => isServiceError(error) && error.code === 'INVALID_INPUT',
    );
    expect(s3.log).toEqual([]);
  });

  it('head answers undefined for a missing key, and names s3:ListBucket when S3 answers 403', async () => {
    expect(await storage.head('nothing/here.txt')).toBeUndefined();
    expect(s3.log.at(-1)?.status).toBe(404);
    s3.setListBucket(false);
    await expect(storage.head('nothing/here.txt')).rejects.toThrow(/s3:ListBucket/);
    expect(s3.log.at(-1)?.status).toBe(403);
  });

  it('an object the release process uploaded has no SHA-256 of its own', async () => {
    s3.putObject('portal/downloads/images/edge.img', 'image bytes', { bucket: 'portal-files' });
    expect(await storage.head('downloads/images/edge.img')).toMatchObject({ size: 11, sha256: null });
  });

  it('lists across continuation tokens, in key order, up to the limit', async () => {
    for (const name of ['e', 'b', 'd', 'a', 'c']) {
      s3.putObject(`portal/listed/${name}.txt`, name, { bucket: 'portal-files' });
    }
    s3.putObject('portal/other/z.txt', 'z', { bucket: 'portal-files' });
    s3.setMaxKeys(2);
    const listed = await storage.list('listed/', 100);
    expect(listed.map((object) => object.key)).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((n) => `listed/${n}.txt`),
    );
    expect(listed.every((object) => object.size === 1 && object.sha256 === null)).toBe(true);
    expect(operations()).toEqual(['ListObjectsV2', 'ListObjectsV2', 'ListObjectsV2']);
    expect(s3.log.slice(1).every((entry) => entry.query['continuation-token'])).toBe(true);

    s3.log.length = 0;
    expect((await storage.list('listed/', 3)).map((object) => object.key)).toEqual([
      'listed/a.txt',
      'listed/b.txt',
      'listed/c.txt',
    ]);
    expect(operations()).toEqual(['ListObjectsV2', 'ListObjectsV2']);
  });

  it('delete answers false for a missing key and true for one it removed', async () => {
    expect(await storage.delete('gone/never.txt')).toBe(false);
    // S3 would have answered 204 to the DELETE itself: the HEAD before it is what tells.
    expect(operations()).toEqual(['HeadObject']);
    s3.putObject('portal/gone/there.txt', 'x', { bucket: 'portal-files' });
    expect(await storage.delete('gone/there.txt')).toBe(true);
    expect(s3.keys('portal-files')).not.toContain('portal/gone/there.txt');
  });

  it('get streams the body, and answers undefined for a missing key', async () => {
    s3.putObject('portal/read/me.txt', 'streamed bytes', {
      bucket: 'portal-files',
      contentType: 'text/plain',
    });
    const read = await storage.get('read/me.txt');
    expect(read?.object).toMatchObject({ contentType: 'text/plain', size: 14, sha256: null });
    expect(read && (await readAll(read.body)).toString()).toBe('streamed bytes');
    expect(await storage.get('read/missing.txt')).toBeUndefined();
  });

  it('signs a GetObject URL for 300 s with the attachment disposition, which expires on the fake clock', async () => {
    const bytes = await bytesOf(100 * 1024);
    s3.putObject('portal/downloads/images/edge-1.img', bytes, { bucket: 'portal-files' });
    const url = new URL(
      await storage.signedUrl('downloads/images/edge-1.img', {
        fileName: 'edge-1.img',
        expiresInSeconds: 300,
      }),
    );
    expect(url.origin).toBe(s3.endpoint);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="edge-1.img"');

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toBe('attachment; filename="edge-1.img"');
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(bytes));
    expect(s3.log.at(-1)?.outcome).toMatchObject({ signature: 'verified', auth: 'query' });

    const range = await fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);

    s3.clock.advance(301_000);
    try {
      const expired = await fetch(url);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
    } finally {
      s3.clock.advance(-301_000);
    }
  });

  it('refuses to sign a file name that is not a plain name', async () => {
    const refused = storage.signedUrl('downloads/a.img', { fileName: 'a".img', expiresInSeconds: 300 });
    await expect(refused).rejects.toSatisfy(
      (error) => isServiceError(error) && error.code === 'INVALID_INPUT',
    );
  });

  it('retries a 503 SlowDown (the SDK retries)', async () => {
    s3.putObject('portal/slow/file.txt', 'x', { bucket: 'portal-files' });
    s3.slowDownNext(1);
    expect(await storage.head('slow/file.txt')).toMatchObject({ size: 1 });
    expect(s3.log.map((entry) => entry.status)).toEqual([503, 200]);
  });
});
