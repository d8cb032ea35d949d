import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { crc32 } from 'node:zlib';
import {
  chunkSignature,
  sha256Hex,
  trailerSignature,
  UNSIGNED_PAYLOAD,
  type VerifiedSignature,
} from './sigv4';
import { s3Errors, type S3Error } from './xml';

/**
 * The body of a signed upload as S3 reads it. `x-amz-content-sha256` says how it was sent
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-auth-using-authorization-header.html, the table of its
 * values):
 * - a hex SHA-256: the body as is, which must hash to it (the SDK signs a string or buffer body so over http,
 *   UploadPart bodies from @aws-sdk/lib-storage included, with `x-amz-checksum-crc32` beside it by default);
 * - `UNSIGNED-PAYLOAD`: the body as is (the SDK's stream body with `requestChecksumCalculation: 'WHEN_REQUIRED'`);
 * - `STREAMING-UNSIGNED-PAYLOAD-TRAILER`: `Content-Encoding: aws-chunked`, chunks `<hex size>\r\n<bytes>\r\n`, a
 *   zero chunk, then trailing headers such as `x-amz-checksum-crc32:…`. The SDK (@aws-sdk/client-s3 3.1175)
 *   sends this for a PutObject or UploadPart whose body is a stream (seen on the wire:
 *   `3\r\nabc\r\n5\r\ndefgh\r\n0\r\nx-amz-checksum-crc32:ru8qUA==\r\n\r\n`, with `x-amz-trailer` naming the
 *   trailer and `x-amz-decoded-content-length` the object's size);
 * - `STREAMING-AWS4-HMAC-SHA256-PAYLOAD[-TRAILER]`: the same chunks, each headed
 *   `<hex size>;chunk-signature=<sig>`, every signature chained to the previous one
 *   (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html), and for `-TRAILER` an
 *   `x-amz-trailer-signature` after the trailing headers
 *   (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming-trailers.html).
 * The object's checksum (`x-amz-checksum-crc32`, `-sha1` or `-sha256`, in a header or the trailer) is checked
 * against the bytes (https://docs.aws.amazon.com/AmazonS3/latest/userguide/checking-object-integrity.html).
 */

export interface DecodedPayload {
  data: Buffer;
  /** Checksums sent with the body, by header name (`x-amz-checksum-crc32` → base64 value). */
  checksums: Record<string, string>;
}

interface Chunk {
  data: Buffer;
  signature?: string;
}

interface ChunkedBody {
  chunks: Chunk[];
  trailers: [string, string][];
  trailerSignature?: string;
}

const CRLF = Buffer.from('\r\n');

function readLine(body: Buffer, from: number): { line: string; next: number } | undefined {
  const end = body.indexOf(CRLF, from);
  if (end === -1) return undefined;
  return { line: body.subarray(from, end).toString('latin1'), next: end + 2 };
}

/** Splits an aws-chunked body into its chunks and trailing headers; undefined when it is not well formed. */
export function parseAwsChunked(body: Buffer): ChunkedBody | undefined {
  const chunks: Chunk[] = [];
  let at = 0;
  for (;;) {
    const head = readLine(body, at);
    if (!head) return undefined;
    const match = /^([0-9a-fA-F]+)(?:;chunk-signature=([0-9a-f]{64}))?$/.exec(head.line);
    if (!match) return undefined;
    const size = Number.parseInt(match[1] ?? '', 16);
    const data = body.subarray(head.next, head.next + size);
    if (data.length !== size) return undefined;
    chunks.push(match[2] ? { data, signature: match[2] } : { data });
    if (size === 0) {
      at = head.next;
      break;
    }
    if (!body.subarray(head.next + size, head.next + size + 2).equals(CRLF)) return undefined;
    at = head.next + size + 2;
  }
  const trailers: [string, string][] = [];
  let signature: string | undefined;
  while (at < body.length) {
    const next = readLine(body, at);
    if (!next) return undefined;
    at = next.next;
    if (next.line === '') break;
    const colon = next.line.indexOf(':');
    if (colon === -1) return undefined;
    const name = next.line.slice(0, colon).trim().toLowerCase();
    const value = next.line.slice(colon + 1).trim();
    if (name === 'x-amz-trailer-signature') signature = value;
    else trailers.push([name, value]);
  }
  return signature === undefined ? { chunks, trailers } : { chunks, trailers, trailerSignature: signature };
}

const digest = (algorithm: 'sha1' | 'sha256', data: Buffer) =>
  createHash(algorithm).update(data).digest('base64');

function crc32Base64(data: Buffer): string {
  const value = Buffer.alloc(4);
  value.writeUInt32BE(crc32(data) >>> 0);
  return value.toString('base64');
}

/** The checksum of `data` for a header `x-amz-checksum-<algorithm>`; undefined for one the fake cannot compute. */
function checksumOf(name: string, data: Buffer): string | undefined {
  if (name === 'x-amz-checksum-crc32') return crc32Base64(data);
  if (name === 'x-amz-checksum-sha1') return digest('sha1', data);
  if (name === 'x-amz-checksum-sha256') return digest('sha256', data);
  return undefined;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** Checks the chain of chunk signatures and the trailer's signature of a signed streaming body. */
function verifyChunkSignatures(
  parsed: ChunkedBody,
  verified: VerifiedSignature,
  withTrailer: boolean,
): boolean {
  let previous = verified.signature;
  for (const chunk of parsed.chunks) {
    if (chunk.signature !== chunkSignature(verified, previous, chunk.data)) return false;
    previous = chunk.signature;
  }
  if (!withTrailer) return true;
  const text = parsed.trailers.map(([name, value]) => `${name}:${value}\n`).join('');
  return parsed.trailerSignature === trailerSignature(verified, previous, text);
}

/** Reads the object bytes out of a signed request's body, or the S3 error its body deserves. */
export function decodePayload(
  body: Buffer,
  headers: IncomingHttpHeaders,
  verified: VerifiedSignature,
): DecodedPayload | S3Error {
  const mode = verified.payloadHash;
  let data = body;
  const checksums: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('x-amz-checksum-') && name !== 'x-amz-checksum-mode' && typeof value === 'string')
      checksums[name] = value;
  }
  if (mode.startsWith('STREAMING-')) {
    const parsed = parseAwsChunked(body);
    if (!parsed) return { ...s3Errors.incompleteBody, message: 'The aws-chunked body is not well formed.' };
    if (mode.startsWith('STREAMING-AWS4-HMAC-SHA256-PAYLOAD')) {
      if (!verifyChunkSignatures(parsed, verified, mode.endsWith('-TRAILER')))
        return s3Errors.signatureDoesNotMatch;
    } else if (mode !== 'STREAMING-UNSIGNED-PAYLOAD-TRAILER') {
      return {
        ...s3Errors.notImplemented,
        message: `x-amz-content-sha256 ${mode} is not supported by the fake.`,
      };
    }
    data = Buffer.concat(parsed.chunks.map((chunk) => chunk.data));
    for (const [name, value] of parsed.trailers)
      if (name.startsWith('x-amz-checksum-')) checksums[name] = value;
    const declared = header(headers, 'x-amz-decoded-content-length');
    if (declared !== undefined && Number(declared) !== data.length) return s3Errors.incompleteBody;
  } else if (mode !== UNSIGNED_PAYLOAD && sha256Hex(body) !== mode) {
    return s3Errors.contentSha256Mismatch;
  }
  for (const [name, value] of Object.entries(checksums)) {
    const computed = checksumOf(name, data);
    if (computed !== undefined && computed !== value) {
      const algorithm = name.slice('x-amz-checksum-'.length).toUpperCase();
      return {
        ...s3Errors.badDigest,
        message: `The ${algorithm} you specified did not match the calculated checksum.`,
      };
    }
  }
  return { data, checksums };
}
