import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  CopyObjectCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Fake, type S3Fake } from './index';
import {
  canonicalRequest,
  signatureOf,
  signingKey,
  stringToSign,
  verifySigV4,
  type SigV4Request,
} from './sigv4';

/**
 * AWS's documented signature examples: access key `AKIAIOSFODNN7EXAMPLE`, secret
 * `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`, bucket `examplebucket` (virtual-hosted), 24 May 2013, us-east-1.
 */
const EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  host: 'examplebucket.s3.amazonaws.com',
  signedAt: Date.UTC(2013, 4, 24),
};
/** A request with exactly these headers (fetch would put its own Host). */
function rawRequest(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: Buffer,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, headers, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Runs `test` on a fake holding bucket `examplebucket` with the examples' key, its clock at their date. */
async function withExampleFake(test: (fake: S3Fake) => Promise<void>): Promise<void> {
  const fake = await startS3Fake({
    buckets: ['examplebucket'],
    credentials: [{ accessKeyId: EXAMPLE.accessKeyId, secretAccessKey: EXAMPLE.secretAccessKey }],
  });
  fake.clock.freeze(EXAMPLE.signedAt);
  try {
    await test(fake);
  } finally {
    await fake.stop();
  }
}

const exampleCredentials = new Map([[EXAMPLE.accessKeyId, EXAMPLE.secretAccessKey]]);

describe('the SigV4 verifier on AWS documented examples', () => {
  // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
  const headerExample: SigV4Request = {
    method: 'GET',
    rawPath: '/test.txt',
    rawQuery: '',
    headers: {
      host: EXAMPLE.host,
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    },
  };
  // https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html, "An Example".
  const queryExample: SigV4Request = {
    method: 'GET',
    rawPath: '/test.txt',
    rawQuery:
      'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    headers: { host: EXAMPLE.host },
  };
  const scope = { accessKeyId: EXAMPLE.accessKeyId, date: '20130524', region: 'us-east-1', service: 's3' };
  const key = signingKey(EXAMPLE.secretAccessKey, scope);

  it('computes the header example: canonical request, string to sign and signature f0e8bdb8…', () => {
    const canonical = canonicalRequest(
      headerExample,
      ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    const toSign = stringToSign('20130524T000000Z', scope, canonical);
    expect(toSign.split('\n')[3]).toBe('7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
    expect(signatureOf(key, toSign)).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('computes the query example: signature aeeed9bb…', () => {
    const canonical = canonicalRequest(queryExample, ['host'], 'UNSIGNED-PAYLOAD');
    expect(signatureOf(key, stringToSign('20130524T000000Z', scope, canonical))).toBe(
      'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('accepts both examples at their date, refuses the URL a day later and a changed signature', () => {
    const options = { credentials: exampleCredentials, region: 'us-east-1', now: EXAMPLE.signedAt + 60_000 };
    expect(verifySigV4(headerExample, options)).toMatchObject({ ok: true, verified: { auth: 'header' } });
    expect(verifySigV4(queryExample, options)).toMatchObject({ ok: true, verified: { auth: 'query' } });
    const dayLater = verifySigV4(queryExample, { ...options, now: EXAMPLE.signedAt + 86_401_000 });
    expect(dayLater).toMatchObject({
      ok: false,
      error: { code: 'AccessDenied', message: 'Request has expired' },
    });
    const changed = { ...queryExample, rawQuery: queryExample.rawQuery.replace('aeeed9bb', 'aeeed9bc') };
    expect(verifySigV4(changed, options)).toMatchObject({
      ok: false,
      error: { code: 'SignatureDoesNotMatch' },
    });
  });

  it('refuses a header signature 15 minutes off the clock, a URL valid over a week and an unknown key', () => {
    const options = {
      credentials: exampleCredentials,
      region: 'us-east-1',
      now: EXAMPLE.signedAt + 16 * 60_000,
    };
    expect(verifySigV4(headerExample, options)).toMatchObject({
      ok: false,
      error: { status: 403, code: 'RequestTimeTooSkewed' },
    });
    // Signed anew for 604801 s: a genuine URL, refused for its lifetime alone.
    const unsigned = queryExample.rawQuery
      .replace('X-Amz-Expires=86400', 'X-Amz-Expires=604801')
      .replace(/&X-Amz-Signature=\w+/, '');
    const canonical = canonicalRequest({ ...queryExample, rawQuery: unsigned }, ['host'], 'UNSIGNED-PAYLOAD');
    const week = {
      ...queryExample,
      rawQuery: `${unsigned}&X-Amz-Signature=${signatureOf(key, stringToSign('20130524T000000Z', scope, canonical))}`,
    };
    expect(verifySigV4(week, options)).toMatchObject({
      ok: false,
      error: { status: 400, code: 'AuthorizationQueryParametersError' },
    });
    expect(
      verifySigV4(queryExample, { ...options, credentials: new Map([['AKIAOTHER', 'x']]) }),
    ).toMatchObject({
      ok: false,
      error: { status: 403, code: 'InvalidAccessKeyId' },
    });
  });

  it('serves the virtual-hosted header example end to end on a fake whose clock is at that date', async () => {
    await withExampleFake(async (fake) => {
      fake.putObject('test.txt', 'Welcome to Amazon S3.', { bucket: 'examplebucket' });
      const answer = await rawRequest(
        fake.port,
        '/test.txt',
        headerExample.headers as Record<string, string>,
      );
      expect(answer.status).toBe(206);
      expect(answer.body).toBe('Welcome to');
      expect(fake.log.at(-1)?.outcome).toMatchObject({ signature: 'verified', auth: 'header' });
    });
  });
});

/**
 * AWS's signed-chunk example: `PUT /examplebucket/chunkObject.txt`, 66560 bytes of `a` in chunks of 64 KiB and
 * 1 KiB, each signature chained to the previous one
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html, "Example: PUT Object").
 */
describe('a STREAMING-AWS4-HMAC-SHA256-PAYLOAD upload (AWS documented example)', () => {
  const headers = {
    host: 's3.amazonaws.com',
    'x-amz-date': '20130524T000000Z',
    'x-amz-storage-class': 'REDUCED_REDUNDANCY',
    authorization:
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=content-encoding;content-length;host;x-amz-content-sha256;x-amz-date;x-amz-decoded-content-length;x-amz-storage-class,Signature=4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
    'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
    'content-encoding': 'aws-chunked',
    'x-amz-decoded-content-length': '66560',
    'content-length': '66824',
  };
  const body = (first: Buffer) =>
    Buffer.concat([
      Buffer.from(
        '10000;chunk-signature=ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648\r\n',
      ),
      first,
      Buffer.from(
        '\r\n400;chunk-signature=0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497\r\n',
      ),
      Buffer.alloc(1024, 'a'),
      Buffer.from(
        '\r\n0;chunk-signature=b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9\r\n\r\n',
      ),
    ]);

  it('stores the 66560 bytes, and refuses the same upload with one byte of a chunk changed', async () => {
    await withExampleFake(async (fake) => {
      const good = body(Buffer.alloc(65536, 'a'));
      expect(good.length).toBe(66824);
      const stored = await rawRequest(fake.port, '/examplebucket/chunkObject.txt', headers, 'PUT', good);
      expect(stored.status).toBe(200);
      expect(fake.object('chunkObject.txt', 'examplebucket')?.body.equals(Buffer.alloc(66560, 'a'))).toBe(
        true,
      );

      const changed = Buffer.alloc(65536, 'a');
      changed[100] = 'b'.charCodeAt(0);
      const refused = await rawRequest(
        fake.port,
        '/examplebucket/chunkObject.txt',
        headers,
        'PUT',
        body(changed),
      );
      expect(refused.status).toBe(403);
      expect(refused.body).toContain('<Code>SignatureDoesNotMatch</Code>');
    });
  });
});

describe('the S3 fake against the AWS SDK', () => {
  let fake: S3Fake;
  let s3: S3Client;
  /** Headers of a request signed, with the verifier's own functions, by the fake's key (for bodies the SDK never sends). */
  const signedHeaders = (method: string, rawPath: string, headers: Record<string, string>) => {
    const amzDate = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
    const all: Record<string, string> = {
      ...headers,
      host: new URL(fake.endpoint).host,
      'x-amz-date': amzDate,
    };
    const names = Object.keys(all).sort();
    const scope = {
      accessKeyId: fake.credentials.accessKeyId,
      date: amzDate.slice(0, 8),
      region: fake.region,
      service: 's3',
    };
    const canonical = canonicalRequest(
      { method, rawPath, rawQuery: '', headers: all },
      names,
      all['x-amz-content-sha256'] ?? '',
    );
    const signature = signatureOf(
      signingKey(fake.credentials.secretAccessKey, scope),
      stringToSign(amzDate, scope, canonical),
    );
    const { host: _host, ...sent } = all;
    return {
      ...sent,
      authorization: `AWS4-HMAC-SHA256 Credential=${scope.accessKeyId}/${scope.date}/${scope.region}/s3/aws4_request, SignedHeaders=${names.join(';')}, Signature=${signature}`,
    };
  };
  beforeAll(async () => {
    fake = await startS3Fake({ buckets: ['portal-test'] });
    s3 = new S3Client({
      endpoint: fake.endpoint,
      forcePathStyle: true,
      region: fake.region,
      credentials: fake.credentials,
    });
  });
  afterAll(async () => {
    s3.destroy();
    await fake.stop();
  });
  beforeEach(() => {
    fake.log.length = 0;
    fake.setListBucket(true);
    fake.setMaxKeys(undefined);
  });

  it('puts, heads, gets a range of and deletes an object', async () => {
    const Bucket = fake.bucket;
    await s3.send(
      new PutObjectCommand({
        Bucket,
        Key: 'a/one.txt',
        Body: 'hello world',
        ContentType: 'text/plain',
        Metadata: { sha256: 'abc' },
      }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket, Key: 'a/one.txt' }));
    expect(head).toMatchObject({ ContentLength: 11, ContentType: 'text/plain', Metadata: { sha256: 'abc' } });
    expect(head.ETag).toBe(`"${createHash('md5').update('hello world').digest('hex')}"`);
    const ranged = await s3.send(new GetObjectCommand({ Bucket, Key: 'a/one.txt', Range: 'bytes=0-4' }));
    expect(ranged.$metadata.httpStatusCode).toBe(206);
    expect(ranged.ContentRange).toBe('bytes 0-4/11');
    expect(await ranged.Body?.transformToString()).toBe('hello');
    await s3.send(new DeleteObjectCommand({ Bucket, Key: 'a/one.txt' }));
    const again = await s3.send(new DeleteObjectCommand({ Bucket, Key: 'a/one.txt' }));
    expect(again.$metadata.httpStatusCode).toBe(204);
    await expect(s3.send(new HeadObjectCommand({ Bucket, Key: 'a/one.txt' }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
    expect(fake.log.every((entry) => entry.outcome.signature === 'verified')).toBe(true);
  });

  it('takes a streamed aws-chunked body with its trailing checksum', async () => {
    await s3.send(
      new PutObjectCommand({
        Bucket: fake.bucket,
        Key: 'streamed.bin',
        Body: Readable.from([Buffer.from('abc'), Buffer.from('defgh')]),
        ContentLength: 8,
      }),
    );
    expect(fake.object('streamed.bin')?.body.toString()).toBe('abcdefgh');
    expect(fake.log.at(-1)?.headers['x-amz-content-sha256']).toBe('STREAMING-UNSIGNED-PAYLOAD-TRAILER');
    // The whole object comes back with the CRC32 of its upload, which the SDK checks against the bytes.
    const whole = await s3.send(new GetObjectCommand({ Bucket: fake.bucket, Key: 'streamed.bin' }));
    expect(whole.ChecksumCRC32).toBe(fake.object('streamed.bin')?.checksums['x-amz-checksum-crc32']);
    expect(await whole.Body?.transformToString()).toBe('abcdefgh');
  });

  it('refuses a streamed body whose trailing checksum does not match its bytes', async () => {
    const answer = await fetch(`${fake.endpoint}/${fake.bucket}/tampered.bin`, {
      method: 'PUT',
      headers: signedHeaders('PUT', `/${fake.bucket}/tampered.bin`, {
        'content-encoding': 'aws-chunked',
        'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
        'x-amz-decoded-content-length': '3',
        'x-amz-trailer': 'x-amz-checksum-crc32',
      }),
      body: '3\r\nabc\r\n0\r\nx-amz-checksum-crc32:AAAAAA==\r\n\r\n',
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('<Code>BadDigest</Code>');
    expect(fake.object('tampered.bin')).toBeUndefined();
  });

  it('lists across continuation tokens with two keys a page', async () => {
    for (const name of ['l/1', 'l/2', 'l/3', 'l/4', 'l/5']) fake.putObject(name, name);
    const keys: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: fake.bucket, Prefix: 'l/', MaxKeys: 2, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).map((entry) => entry.Key ?? ''));
      token = page.NextContinuationToken;
      pages += 1;
    } while (token);
    expect(keys).toEqual(['l/1', 'l/2', 'l/3', 'l/4', 'l/5']);
    expect(pages).toBe(3);

    fake.setMaxKeys(4);
    const capped = await s3.send(new ListObjectsV2Command({ Bucket: fake.bucket, Prefix: 'l/' }));
    expect(capped).toMatchObject({ KeyCount: 4, MaxKeys: 4, IsTruncated: true });
    fake.setListBucket(false);
    await expect(s3.send(new ListObjectsV2Command({ Bucket: fake.bucket }))).rejects.toMatchObject({
      name: 'AccessDenied',
    });
  });

  it('runs a multipart upload, copies it onto itself with new metadata, and leaves no upload behind', async () => {
    const body = Buffer.alloc(11 * 1024 * 1024, 7);
    const upload = new Upload({
      client: s3,
      params: {
        Bucket: fake.bucket,
        Key: 'big.bin',
        Body: Readable.from([body]),
        ContentType: 'application/x-raw',
      },
      partSize: 5 * 1024 * 1024,
      queueSize: 2,
    });
    await upload.done();
    expect(fake.object('big.bin')?.body.equals(body)).toBe(true);
    expect(fake.object('big.bin')?.etag).toMatch(/-3"$/);
    await s3.send(
      new CopyObjectCommand({
        Bucket: fake.bucket,
        Key: 'big.bin',
        CopySource: `${fake.bucket}/big.bin`,
        MetadataDirective: 'REPLACE',
        ContentType: 'application/x-raw',
        Metadata: { sha256: 'deadbeef' },
      }),
    );
    expect(fake.object('big.bin')?.metadata).toEqual({ sha256: 'deadbeef' });
    const listed = await s3.send(new ListMultipartUploadsCommand({ Bucket: fake.bucket }));
    expect(listed.Uploads ?? []).toEqual([]);
  });

  it('aborts a multipart upload whose body fails, leaving no upload and no object', async () => {
    async function* failing() {
      yield Buffer.alloc(5 * 1024 * 1024, 1);
      yield Buffer.alloc(5 * 1024 * 1024, 2);
      throw new Error('the source broke');
    }
    const upload = new Upload({
      client: s3,
      params: { Bucket: fake.bucket, Key: 'broken.bin', Body: Readable.from(failing()) },
      partSize: 5 * 1024 * 1024,
    });
    await expect(upload.done()).rejects.toThrow('the source broke');
    expect(fake.log.map((entry) => entry.outcome.operation)).toContain('AbortMultipartUpload');
    expect(fake.uploads()).toEqual([]);
    expect(fake.object('broken.bin')).toBeUndefined();
  });

  it('accepts its own presigned URL for a key with a space and refuses forged ones', async () => {
    fake.putObject('downloads/edge image.iso', 'image bytes');
    const url = await getSignedUrl(
      s3,
      new GetObjectCommand({
        Bucket: fake.bucket,
        Key: 'downloads/edge image.iso',
        ResponseContentDisposition: 'attachment; filename="edge image.iso"',
      }),
      { expiresIn: 300 },
    );
    const good = await fetch(url);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-disposition')).toBe('attachment; filename="edge image.iso"');
    expect(await good.text()).toBe('image bytes');
    expect(fake.log.at(-1)?.outcome).toMatchObject({ signature: 'verified', auth: 'query' });
    expect(fake.log.at(-1)?.query['X-Amz-Expires']).toBe('300');

    const changed = url.replace('edge%20image.iso?', 'edge%20imagf.iso?');
    expect(changed).not.toBe(url);
    const forged = await fetch(changed);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    fake.putObject('downloads/other.iso', 'other');
    const otherUrl = await getSignedUrl(
      s3,
      new GetObjectCommand({ Bucket: fake.bucket, Key: 'downloads/other.iso' }),
    );
    const signature = new URL(otherUrl).searchParams.get('X-Amz-Signature') ?? '';
    const swapped = new URL(url);
    swapped.searchParams.set('X-Amz-Signature', signature);
    expect((await fetch(swapped)).status).toBe(403);

    const stranger = new S3Client({
      endpoint: fake.endpoint,
      forcePathStyle: true,
      region: fake.region,
      credentials: { accessKeyId: fake.credentials.accessKeyId, secretAccessKey: 'another secret' },
    });
    const strangeUrl = await getSignedUrl(
      stranger,
      new GetObjectCommand({ Bucket: fake.bucket, Key: 'downloads/edge image.iso' }),
    );
    stranger.destroy();
    const refused = await fetch(strangeUrl);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    fake.clock.advance(301_000);
    try {
      const expired = await fetch(url);
      expect(expired.status).toBe(403);
      const text = await expired.text();
      expect(text).toContain('<Code>AccessDenied</Code>');
      expect(text).toContain('<Message>Request has expired</Message>');
      expect(text).toContain('<X-Amz-Expires>300</X-Amz-Expires>');
    } finally {
      fake.clock.advance(-301_000);
    }
  });

  it('answers 403 for a missing key without s3:ListBucket, and SlowDown when told to', async () => {
    fake.setListBucket(false);
    await expect(
      s3.send(new HeadObjectCommand({ Bucket: fake.bucket, Key: 'missing' })),
    ).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    await expect(
      s3.send(new GetObjectCommand({ Bucket: fake.bucket, Key: 'missing' })),
    ).rejects.toMatchObject({
      name: 'AccessDenied',
    });
    fake.setListBucket(true);
    await expect(
      s3.send(new GetObjectCommand({ Bucket: fake.bucket, Key: 'missing' })),
    ).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
    fake.slowDownNext(1);
    fake.putObject('slow.txt', 'slow');
    const slow = await s3.send(new GetObjectCommand({ Bucket: fake.bucket, Key: 'slow.txt' }));
    expect(slow.$metadata.attempts).toBe(2);
    expect(fake.log.at(-2)?.outcome.injected).toBe('fail');
  });
});
