import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { FakeRequest } from '../harness';
import type { DecodedPayload } from './payload';
import { md5Etag, type Bucket, type S3Object } from './store';
import { s3Errors, sendError, sendXml, xmlDocument, requestIds, type S3Error } from './xml';

/**
 * The object operations of the S3 fake: GetObject and HeadObject (one `Range`, the `response-*` overrides),
 * PutObject, CopyObject and DeleteObject. Each follows its page of the S3 API reference, cited on it.
 */

const single = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** `x-amz-meta-*` request headers, names without the prefix (in lower case, as Node gives them). */
export function userMetadata(headers: IncomingHttpHeaders): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('x-amz-meta-') && value !== undefined)
      metadata[name.slice('x-amz-meta-'.length)] = Array.isArray(value) ? value.join(',') : value;
  }
  return metadata;
}

/** The stored headers of an object a request writes: type (S3's default `binary/octet-stream`), encoding, … */
export function writtenHeaders(
  headers: IncomingHttpHeaders,
): Pick<S3Object, 'contentType' | 'metadata' | 'contentDisposition' | 'contentEncoding' | 'cacheControl'> {
  // `aws-chunked` describes the upload, not the object: S3 drops it from the stored Content-Encoding
  // (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html).
  const encoding = single(headers, 'content-encoding')
    ?.split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== 'aws-chunked')
    .join(',');
  const disposition = single(headers, 'content-disposition');
  const cacheControl = single(headers, 'cache-control');
  return {
    contentType: single(headers, 'content-type') ?? 'binary/octet-stream',
    metadata: userMetadata(headers),
    ...(encoding ? { contentEncoding: encoding } : {}),
    ...(disposition ? { contentDisposition: disposition } : {}),
    ...(cacheControl ? { cacheControl } : {}),
  };
}

const httpDate = (ms: number): string => new Date(ms).toUTCString();
export const isoDate = (ms: number): string => new Date(ms).toISOString();

/** One byte range of `size` bytes from a `Range` header; 'unsatisfiable', or undefined to send the whole. */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | 'unsatisfiable' | undefined {
  // S3 serves one range; a header it cannot use as one range is ignored and the whole object sent
  // (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html, `Range`: "Amazon S3 doesn't support
  // retrieving multiple ranges of data per GET request").
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return [start, end];
}

/** The query parameters that override answer headers of a signed GetObject (API_GetObject, "Overriding response header values"). */
const OVERRIDES = {
  'response-content-type': 'content-type',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
} as const;

/**
 * GetObject and HeadObject (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html,
 * https://docs.aws.amazon.com/AmazonS3/latest/API/API_HeadObject.html): the body or a 206 with `Content-Range`
 * for one range, `ETag`, `Last-Modified`, `Content-Type`, the `x-amz-meta-*` headers, the upload's checksum when
 * `x-amz-checksum-mode: ENABLED` asks for it on a whole object. A missing key is 404 `NoSuchKey` for a caller
 * with `s3:ListBucket` and 403 `AccessDenied` without it (API_HeadObject, "Permissions"); a HEAD error has no
 * body.
 */
export function getObject(request: FakeRequest, res: ServerResponse, object: S3Object): void {
  const headers: Record<string, string> = {
    ...requestIds(),
    'accept-ranges': 'bytes',
    'content-type': object.contentType,
    etag: object.etag,
    'last-modified': httpDate(object.lastModified),
  };
  if (object.contentEncoding) headers['content-encoding'] = object.contentEncoding;
  if (object.contentDisposition) headers['content-disposition'] = object.contentDisposition;
  if (object.cacheControl) headers['cache-control'] = object.cacheControl;
  for (const [name, value] of Object.entries(object.metadata)) headers[`x-amz-meta-${name}`] = value;
  for (const [parameter, header] of Object.entries(OVERRIDES)) {
    const value = request.query.get(parameter);
    if (value !== null) headers[header] = value;
  }
  const size = object.body.length;
  const range = parseRange(single(request.headers, 'range'), size);
  if (range === 'unsatisfiable') {
    request.entry.outcome.error = s3Errors.invalidRange.code;
    sendError(res, request.method, s3Errors.invalidRange);
    return;
  }
  let body = object.body;
  let status = 200;
  if (range) {
    status = 206;
    body = object.body.subarray(range[0], range[1] + 1);
    headers['content-range'] = `bytes ${range[0]}-${range[1]}/${size}`;
  } else if (single(request.headers, 'x-amz-checksum-mode') === 'ENABLED') {
    Object.assign(headers, object.checksums);
  }
  headers['content-length'] = String(body.length);
  res.writeHead(status, headers);
  res.end(request.method === 'HEAD' ? undefined : body);
}

/** PutObject (https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutObject.html): 200 with the `ETag`. */
export function putObject(
  request: FakeRequest,
  res: ServerResponse,
  bucket: Bucket,
  key: string,
  payload: DecodedPayload,
  now: number,
): void {
  const object: S3Object = {
    key,
    body: payload.data,
    ...writtenHeaders(request.headers),
    etag: md5Etag(payload.data),
    lastModified: now,
    checksums: payload.checksums,
  };
  bucket.objects.set(key, object);
  res.writeHead(200, { ...requestIds(), etag: object.etag, ...payload.checksums });
  res.end();
}

/** `x-amz-copy-source`: `bucket/key` (URL-encoded, perhaps with a leading `/` and a `?versionId=`). */
export function parseCopySource(value: string): { bucket: string; key: string } | undefined {
  const withoutVersion = value.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(withoutVersion).replace(/^\//, '');
  } catch {
    return undefined;
  }
  const slash = decoded.indexOf('/');
  if (slash <= 0 || slash === decoded.length - 1) return undefined;
  return { bucket: decoded.slice(0, slash), key: decoded.slice(slash + 1) };
}

/**
 * CopyObject (https://docs.aws.amazon.com/AmazonS3/latest/API/API_CopyObject.html): `x-amz-metadata-directive`
 * `COPY` (the default) keeps the source's metadata and type, `REPLACE` takes the request's. Copying an object
 * onto itself is refused unless something changes: 400 `InvalidRequest` "This copy request is illegal because it
 * is trying to copy an object to itself without changing the object's metadata, storage class, website redirect
 * location or encryption attributes." The answer is a `CopyObjectResult` document: the SDK takes a 200 without
 * one for a failed copy (it retries, then throws "S3 aborted request"), as S3 may answer 200 and fail later.
 */
export function copyObject(
  request: FakeRequest,
  res: ServerResponse,
  target: { bucket: Bucket; key: string },
  source: { bucket: Bucket; key: string; object: S3Object },
  now: number,
): S3Error | undefined {
  const directive = single(request.headers, 'x-amz-metadata-directive') ?? 'COPY';
  if (directive !== 'COPY' && directive !== 'REPLACE')
    return { ...s3Errors.invalidRequest, code: 'InvalidArgument', message: 'Unknown metadata directive.' };
  const self = source.bucket === target.bucket && source.key === target.key;
  if (self && directive === 'COPY') {
    return {
      ...s3Errors.invalidRequest,
      message:
        "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
    };
  }
  const kept =
    directive === 'REPLACE'
      ? writtenHeaders(request.headers)
      : {
          contentType: source.object.contentType,
          metadata: { ...source.object.metadata },
          ...(source.object.contentEncoding ? { contentEncoding: source.object.contentEncoding } : {}),
          ...(source.object.contentDisposition
            ? { contentDisposition: source.object.contentDisposition }
            : {}),
          ...(source.object.cacheControl ? { cacheControl: source.object.cacheControl } : {}),
        };
  const object: S3Object = {
    key: target.key,
    body: source.object.body,
    ...kept,
    // A copy is stored as one piece, so its ETag is the MD5 of its bytes even when the source was multipart.
    etag: md5Etag(source.object.body),
    lastModified: now,
    checksums: { ...source.object.checksums },
  };
  target.bucket.objects.set(target.key, object);
  sendXml(res, 200, xmlDocument('CopyObjectResult', { LastModified: isoDate(now), ETag: object.etag }));
  return undefined;
}

/**
 * DeleteObject (https://docs.aws.amazon.com/AmazonS3/latest/API/API_DeleteObject.html): 204 whether or not the key
 * existed ("If there isn't a null version, Amazon S3 does not remove any objects but will still respond that the
 * command was successful").
 */
export function deleteObject(res: ServerResponse, bucket: Bucket, key: string): void {
  bucket.objects.delete(key);
  res.writeHead(204, requestIds());
  res.end();
}
