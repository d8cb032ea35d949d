import { createHash, randomBytes } from 'node:crypto';

/** An object as the fake keeps it. */
export interface S3Object {
  key: string;
  body: Buffer;
  contentType: string;
  /** `x-amz-meta-*` without the prefix, names in lower case (S3 keeps user metadata names lower case). */
  metadata: Record<string, string>;
  /** Quoted, as S3 sends it: `"<md5 hex>"`, or `"<md5 of the parts' md5s>-<parts>"` after a multipart upload. */
  etag: string;
  lastModified: number;
  /** Checksums sent with the upload (`x-amz-checksum-crc32` → base64). */
  checksums: Record<string, string>;
  contentDisposition?: string;
  contentEncoding?: string;
  cacheControl?: string;
}

export interface UploadedPart {
  partNumber: number;
  body: Buffer;
  etag: string;
}

export interface MultipartUpload {
  uploadId: string;
  key: string;
  initiated: number;
  contentType: string;
  metadata: Record<string, string>;
  parts: Map<number, UploadedPart>;
}

export interface Bucket {
  name: string;
  objects: Map<string, S3Object>;
  uploads: Map<string, MultipartUpload>;
}

export const md5Etag = (body: Buffer): string => `"${createHash('md5').update(body).digest('hex')}"`;

/**
 * The ETag of a completed multipart upload: the MD5 of the parts' binary MD5s, a dash and the number of parts
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/checking-object-integrity.html, "Using part-level
 * checksums for multipart uploads").
 */
export function multipartEtag(parts: readonly UploadedPart[]): string {
  const md5s = parts.map((part) => Buffer.from(part.etag.replaceAll('"', ''), 'hex'));
  return `"${createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${parts.length}"`;
}

export const newUploadId = (): string => randomBytes(24).toString('base64url');

export function createBucket(name: string): Bucket {
  return { name, objects: new Map(), uploads: new Map() };
}

/** A page of ListObjectsV2: keys in UTF-8 binary order after the continuation point. */
export interface ListPage {
  objects: S3Object[];
  commonPrefixes: string[];
  isTruncated: boolean;
  /** The key to continue after, when truncated. */
  lastKey?: string;
}

/**
 * Lists keys as ListObjectsV2 does: those starting with `prefix`, in ascending UTF-8 order, after `after`,
 * rolling keys that hold `delimiter` past the prefix into one common prefix each, at most `maxKeys` entries
 * (objects and common prefixes together) (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html).
 */
export function listPage(
  bucket: Bucket,
  options: { prefix: string; delimiter: string; after: string; maxKeys: number },
): ListPage {
  const keys = [...bucket.objects.keys()]
    .filter((key) => key.startsWith(options.prefix) && key > options.after)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const objects: S3Object[] = [];
  const commonPrefixes: string[] = [];
  let lastKey: string | undefined;
  for (const key of keys) {
    const rest = key.slice(options.prefix.length);
    const cut = options.delimiter ? rest.indexOf(options.delimiter) : -1;
    const rolled = cut === -1 ? undefined : options.prefix + rest.slice(0, cut + options.delimiter.length);
    if (rolled !== undefined && commonPrefixes.at(-1) === rolled) {
      lastKey = key;
      continue;
    }
    if (objects.length + commonPrefixes.length === options.maxKeys) {
      return { objects, commonPrefixes, isTruncated: true, ...(lastKey === undefined ? {} : { lastKey }) };
    }
    if (rolled !== undefined) commonPrefixes.push(rolled);
    else objects.push(bucket.objects.get(key) as S3Object);
    lastKey = key;
  }
  return { objects, commonPrefixes, isTruncated: false };
}
