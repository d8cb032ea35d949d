import type { ServerResponse } from 'node:http';
import { createClock, startFakeServer, type FakeClock, type FakeRequest, type FakeServer } from '../harness';
import {
  copyObject,
  deleteObject,
  getObject,
  isoDate,
  parseCopySource,
  putObject,
  writtenHeaders,
} from './objects';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  listMultipartUploads,
  uploadPart,
} from './multipart';
import { decodePayload } from './payload';
import { verifySigV4, type VerifiedSignature } from './sigv4';
import { createBucket, listPage, md5Etag, type Bucket, type MultipartUpload, type S3Object } from './store';
import { s3Errors, sendError, sendXml, slowDownReply, xmlDocument, type S3Error } from './xml';

/**
 * A fake Amazon S3 for the S3 storage adapter's tests and the vendor browser profile: a `node:http` server on
 * 127.0.0.1 holding objects in memory, which checks every request's AWS Signature Version 4 as S3 does.
 *
 * Start and address it:
 *   const s3 = await startS3Fake({ buckets: ['portal'] });   // port 0; `s3.endpoint` is http://127.0.0.1:<port>
 *   new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: s3.region, credentials: s3.credentials })
 * Buckets are path-style, `http://127.0.0.1:<port>/<bucket>/<key>`; a Host `<bucket>.s3.amazonaws.com` (the
 * virtual-hosted style of AWS's documented signature examples) is read as that bucket too.
 *
 * Operations (each cites its page of the S3 API reference where it is answered):
 *   ListObjectsV2        GET    /<bucket>?list-type=2[&prefix][&delimiter][&max-keys][&continuation-token][&start-after]
 *   ListMultipartUploads GET    /<bucket>?uploads[&prefix]
 *   HeadBucket           HEAD   /<bucket>
 *   GetObject/HeadObject GET|HEAD /<bucket>/<key>   one `Range` → 206; `response-content-disposition` and the
 *                        other `response-*` overrides; `x-amz-checksum-mode: ENABLED` returns the upload's checksum
 *   PutObject            PUT    /<bucket>/<key>     plain, or `aws-chunked` (unsigned with a trailer, or with signed chunks)
 *   CopyObject           PUT    /<bucket>/<key> with `x-amz-copy-source`, `x-amz-metadata-directive: COPY|REPLACE`
 *   CreateMultipartUpload POST  /<bucket>/<key>?uploads
 *   UploadPart           PUT    /<bucket>/<key>?partNumber=N&uploadId=…
 *   CompleteMultipartUpload POST /<bucket>/<key>?uploadId=…   (parts but the last ≥ 5 MiB)
 *   AbortMultipartUpload DELETE /<bucket>/<key>?uploadId=…
 *   DeleteObject         DELETE /<bucket>/<key>     204 whether or not the key existed
 * Anything else answers 501 `NotImplemented`.
 *
 * Authentication (sigv4.ts): the `Authorization` header or a presigned URL, against `credentials` (default
 * {@link S3_FAKE_CREDENTIALS}) and `region` (default us-east-1). A URL past `X-Amz-Date + X-Amz-Expires` on the
 * fake's clock is 403 `AccessDenied` "Request has expired"; a wrong signature 403 `SignatureDoesNotMatch`; an
 * unknown key id 403 `InvalidAccessKeyId`; a header-signed request more than 15 minutes off the clock 403
 * `RequestTimeTooSkewed`; an unsigned one 403 `AccessDenied`.
 *
 * Test controls, besides the harness's `failNext`, `hangNext`, `malformedNext`, `clock` and `log`:
 *   s3.slowDownNext(n, retryAfterSeconds?)  the next n requests answer 503 `SlowDown`
 *                                           (= s3.failNext(n, slowDownReply(retryAfterSeconds)))
 *   s3.setListBucket(false)                 the caller lacks `s3:ListBucket`: a missing key answers 403
 *                                           `AccessDenied` instead of 404 `NoSuchKey`, and listing is refused
 *   s3.setMaxKeys(2)                        ListObjectsV2 pages hold at most 2 keys, whatever `max-keys` asks
 *   s3.putObject(key, body, {bucket?, contentType?, metadata?})   a fixture, without a request
 *   s3.object(key, bucket?), s3.keys(bucket?), s3.uploads(bucket?), s3.createBucket(name)
 * Each log entry's `outcome` holds `operation` (`GetObject`, …), `signature` (`verified`, `expired`, `mismatch`,
 * `unsigned`, …) with `auth` (`header` | `query`), and `error` (the S3 error code) when one was answered.
 */

/** The access key the fake knows unless told otherwise (no real account has it). */
export const S3_FAKE_CREDENTIALS = {
  accessKeyId: 'AKIAFAKEPORTALTESTS1',
  secretAccessKey: 'fake/s3/secret/for/the/portal/tests/only',
} as const;

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3FakeOptions {
  port?: number;
  /** Default us-east-1. */
  region?: string;
  /** The access keys it accepts; default {@link S3_FAKE_CREDENTIALS}. */
  credentials?: readonly S3Credentials[];
  /** Buckets that exist; default `['portal-test']`. */
  buckets?: readonly string[];
  /** Whether the caller holds `s3:ListBucket` (default true). */
  listBucket?: boolean;
  /** The most keys a ListObjectsV2 page holds, below the request's `max-keys` (default none: 1000). */
  maxKeys?: number;
  clock?: FakeClock;
}

export interface S3Fake extends FakeServer {
  /** The `endpoint` for the SDK (with `forcePathStyle: true`). */
  endpoint: string;
  region: string;
  /** The first access key it accepts. */
  credentials: S3Credentials;
  /** The first bucket. */
  bucket: string;
  slowDownNext(n: number, retryAfterSeconds?: number): void;
  setListBucket(allowed: boolean): void;
  setMaxKeys(maxKeys: number | undefined): void;
  putObject(
    key: string,
    body: Buffer | string,
    options?: { bucket?: string; contentType?: string; metadata?: Record<string, string> },
  ): S3Object;
  object(key: string, bucket?: string): S3Object | undefined;
  keys(bucket?: string): string[];
  uploads(bucket?: string): MultipartUpload[];
  createBucket(name: string): void;
}

/** The headers the request log keeps. */
const LOGGED_HEADERS = [
  'host',
  'range',
  'content-type',
  'content-encoding',
  'content-length',
  'x-amz-content-sha256',
  'x-amz-decoded-content-length',
  'x-amz-trailer',
  'x-amz-copy-source',
  'x-amz-metadata-directive',
  'x-amz-checksum-mode',
] as const;

/** `<bucket>.s3.amazonaws.com`, `<bucket>.s3.<region>.amazonaws.com`: the virtual-hosted style. */
const VIRTUAL_HOST = /^([a-z0-9][a-z0-9.-]*)\.s3[.-]/;

/** What a request addresses: a bucket, and maybe a key (decoded). */
function addressOf(request: FakeRequest): { bucket: string; key: string } {
  const host = (request.headers.host ?? '').split(':')[0] ?? '';
  const path = request.rawPath.replace(/^\//, '');
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const virtual = VIRTUAL_HOST.exec(host);
  if (virtual?.[1]) return { bucket: virtual[1], key: decode(path) };
  const slash = path.indexOf('/');
  if (slash === -1) return { bucket: decode(path), key: '' };
  return { bucket: decode(path.slice(0, slash)), key: decode(path.slice(slash + 1)) };
}

/** Which operation a request is, from its method, whether it names a key and its query and headers. */
function operationOf(request: FakeRequest, hasKey: boolean): string {
  const { method, query } = request;
  if (!hasKey) {
    if (method === 'GET' && query.get('list-type') === '2') return 'ListObjectsV2';
    if (method === 'GET' && query.has('uploads')) return 'ListMultipartUploads';
    if (method === 'HEAD') return 'HeadBucket';
    return 'Unsupported';
  }
  if (method === 'GET' && !query.has('uploadId')) return 'GetObject';
  if (method === 'HEAD') return 'HeadObject';
  if (method === 'PUT' && request.headers['x-amz-copy-source'] !== undefined)
    return query.has('uploadId') ? 'Unsupported' : 'CopyObject';
  if (method === 'PUT') return query.has('uploadId') ? 'UploadPart' : 'PutObject';
  if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload';
  if (method === 'POST' && query.has('uploadId')) return 'CompleteMultipartUpload';
  if (method === 'DELETE') return query.has('uploadId') ? 'AbortMultipartUpload' : 'DeleteObject';
  return 'Unsupported';
}

const SIGNATURE_OUTCOMES: Record<string, string> = {
  unsigned: 'unsigned',
  expired: 'expired',
  'signature mismatch': 'mismatch',
  'unknown access key': 'unknown-key',
  skewed: 'skewed',
};

/**
 * ListObjectsV2 (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html): a `ListBucketResult`
 * with `Contents` (`Key`, `LastModified`, `ETag`, `Size`, `StorageClass`; no user metadata), `KeyCount`,
 * `MaxKeys`, `IsTruncated` and, when truncated, an opaque `NextContinuationToken`.
 */
function listObjects(
  request: FakeRequest,
  res: ServerResponse,
  bucket: Bucket,
  cap: number | undefined,
): void {
  const { query } = request;
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const requested = Number(query.get('max-keys') ?? 1000);
  const asked = Number.isInteger(requested) && requested >= 0 ? Math.min(requested, 1000) : 1000;
  const maxKeys = cap === undefined ? asked : Math.min(asked, cap);
  const token = query.get('continuation-token');
  const startAfter = query.get('start-after') ?? '';
  const after = token === null ? startAfter : Buffer.from(token, 'base64url').toString('utf8');
  const page = listPage(bucket, { prefix, delimiter, after, maxKeys });
  const urlEncoded = query.get('encoding-type') === 'url';
  const name = (key: string) => (urlEncoded ? encodeURIComponent(key).replace(/%2F/g, '/') : key);
  sendXml(
    res,
    200,
    xmlDocument('ListBucketResult', {
      Name: bucket.name,
      Prefix: name(prefix),
      Delimiter: delimiter ? name(delimiter) : undefined,
      StartAfter: startAfter ? name(startAfter) : undefined,
      KeyCount: page.objects.length + page.commonPrefixes.length,
      MaxKeys: maxKeys,
      EncodingType: urlEncoded ? 'url' : undefined,
      IsTruncated: page.isTruncated,
      ContinuationToken: token ?? undefined,
      NextContinuationToken:
        page.isTruncated && page.lastKey !== undefined
          ? Buffer.from(page.lastKey).toString('base64url')
          : undefined,
      Contents: page.objects.map((object) => ({
        Key: name(object.key),
        LastModified: isoDate(object.lastModified),
        ETag: object.etag,
        Size: object.body.length,
        StorageClass: 'STANDARD',
      })),
      CommonPrefixes: page.commonPrefixes.map((common) => ({ Prefix: name(common) })),
    }),
  );
}

export async function startS3Fake(options: S3FakeOptions = {}): Promise<S3Fake> {
  const region = options.region ?? 'us-east-1';
  const credentialList = options.credentials ?? [S3_FAKE_CREDENTIALS];
  const credentials = new Map(credentialList.map((entry) => [entry.accessKeyId, entry.secretAccessKey]));
  const buckets = new Map<string, Bucket>();
  for (const name of options.buckets ?? ['portal-test']) buckets.set(name, createBucket(name));
  const firstBucket = [...buckets.keys()][0] ?? 'portal-test';
  let listBucket = options.listBucket ?? true;
  let maxKeysCap = options.maxKeys;
  const clock = options.clock ?? createClock();
  let endpoint = '';

  /** Runs one signed operation; answers the S3 error it returns, if any. */
  const operate = (
    request: FakeRequest,
    res: ServerResponse,
    operation: string,
    address: { bucket: string; key: string },
    verified: VerifiedSignature,
  ): S3Error | undefined => {
    const bucket = buckets.get(address.bucket);
    if (!bucket) return s3Errors.noSuchBucket;
    const now = clock.now();
    const { key } = address;
    switch (operation) {
      case 'HeadBucket':
        res.writeHead(200);
        res.end();
        return undefined;
      case 'ListObjectsV2':
        if (!listBucket) return s3Errors.accessDenied;
        listObjects(request, res, bucket, maxKeysCap);
        return undefined;
      case 'ListMultipartUploads':
        listMultipartUploads(request, res, bucket);
        return undefined;
      case 'GetObject':
      case 'HeadObject': {
        const object = bucket.objects.get(key);
        if (!object) return listBucket ? s3Errors.noSuchKey : s3Errors.accessDenied;
        getObject(request, res, object);
        return undefined;
      }
      case 'PutObject':
      case 'UploadPart': {
        const payload = decodePayload(request.body, request.headers, verified);
        if ('status' in payload) return payload;
        if (operation === 'UploadPart') return uploadPart(request, res, bucket, key, payload);
        putObject(request, res, bucket, key, payload, now);
        return undefined;
      }
      case 'CopyObject': {
        const source = parseCopySource(String(request.headers['x-amz-copy-source']));
        const sourceBucket = source && buckets.get(source.bucket);
        const object = source && sourceBucket?.objects.get(source.key);
        if (!source || !sourceBucket || !object)
          return listBucket ? s3Errors.noSuchKey : s3Errors.accessDenied;
        return copyObject(
          request,
          res,
          { bucket, key },
          { bucket: sourceBucket, key: source.key, object },
          now,
        );
      }
      case 'CreateMultipartUpload':
        createMultipartUpload(request, res, bucket, key, now);
        return undefined;
      case 'CompleteMultipartUpload':
        return completeMultipartUpload(
          request,
          res,
          { bucket, key, location: `${endpoint}${request.rawPath}` },
          now,
        );
      case 'AbortMultipartUpload':
        return abortMultipartUpload(request, res, bucket, key);
      case 'DeleteObject':
        deleteObject(res, bucket, key);
        return undefined;
      default:
        return s3Errors.notImplemented;
    }
  };

  const handle = (request: FakeRequest, res: ServerResponse): void => {
    const address = addressOf(request);
    const operation = operationOf(request, address.key !== '');
    const { outcome } = request.entry;
    outcome.operation = operation;
    const resource = `/${address.bucket}${address.key ? `/${address.key}` : ''}`;
    const verdict = verifySigV4(request, { credentials, region, now: clock.now() });
    if (!verdict.ok) {
      outcome.signature = SIGNATURE_OUTCOMES[verdict.reason] ?? 'malformed';
      outcome.error = verdict.error.code;
      sendError(res, request.method, verdict.error, resource);
      return;
    }
    outcome.signature = 'verified';
    outcome.auth = verdict.verified.auth;
    const error = operate(request, res, operation, address, verdict.verified);
    if (error) {
      outcome.error = error.code;
      sendError(res, request.method, error, resource);
    }
  };

  const server = await startFakeServer({
    port: options.port ?? 0,
    clock,
    loggedHeaders: LOGGED_HEADERS,
    // A 200 whose XML breaks off, as a proxy that cut the answer short would leave it.
    malformed: {
      status: 200,
      headers: { 'content-type': 'application/xml' },
      body: '<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Contents><Key>',
    },
    handle,
  });
  endpoint = server.url;

  const bucketOf = (name: string | undefined): Bucket => {
    const bucket = buckets.get(name ?? firstBucket);
    if (!bucket) throw new Error(`the S3 fake has no bucket ${name ?? firstBucket}`);
    return bucket;
  };

  return {
    ...server,
    endpoint: server.url,
    region,
    credentials: credentialList[0] ?? S3_FAKE_CREDENTIALS,
    bucket: firstBucket,
    slowDownNext: (n, retryAfterSeconds) => server.failNext(n, slowDownReply(retryAfterSeconds)),
    setListBucket: (allowed) => {
      listBucket = allowed;
    },
    setMaxKeys: (maxKeys) => {
      maxKeysCap = maxKeys;
    },
    putObject: (key, body, fixture = {}) => {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
      const headers: Record<string, string> = {};
      if (fixture.contentType) headers['content-type'] = fixture.contentType;
      for (const [name, value] of Object.entries(fixture.metadata ?? {}))
        headers[`x-amz-meta-${name.toLowerCase()}`] = value;
      const object: S3Object = {
        key,
        body: bytes,
        ...writtenHeaders(headers),
        etag: md5Etag(bytes),
        lastModified: clock.now(),
        checksums: {},
      };
      bucketOf(fixture.bucket).objects.set(key, object);
      return object;
    },
    object: (key, bucket) => bucketOf(bucket).objects.get(key),
    keys: (bucket) => [...bucketOf(bucket).objects.keys()].sort(),
    uploads: (bucket) => [...bucketOf(bucket).uploads.values()],
    createBucket: (name) => {
      if (!buckets.has(name)) buckets.set(name, createBucket(name));
    },
  };
}

export { slowDownReply, errorReply, s3Errors } from './xml';
export type { S3Object, MultipartUpload } from './store';
