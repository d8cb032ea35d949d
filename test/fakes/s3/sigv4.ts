import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { s3Errors, type S3Error } from './xml';

/**
 * AWS Signature Version 4 as S3 checks it, for both ways of carrying it:
 * - the `Authorization` header (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-auth-using-authorization-header.html
 *   and https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html: canonical request, string
 *   to sign, signing key, with the worked `GET /test.txt` example this file's tests reproduce);
 * - query parameters, a presigned URL (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html:
 *   `X-Amz-Algorithm`, `X-Amz-Credential`, `X-Amz-Date`, `X-Amz-Expires` of at most 604800 s,
 *   `X-Amz-SignedHeaders`, `X-Amz-Signature`, and the payload `UNSIGNED-PAYLOAD`).
 * The functions are pure: the caller gives the time, so a fake's clock (or a documented example's date) decides.
 */

export const ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** The longest `X-Amz-Expires` S3 takes: seven days (query-string auth page above). */
export const MAX_EXPIRES_SECONDS = 604_800;
/** How far a header-signed request's `X-Amz-Date` may be from S3's time: 15 minutes (`RequestTimeTooSkewed`). */
export const MAX_SKEW_MS = 15 * 60 * 1000;

export interface SigV4Request {
  method: string;
  /** The path as sent, percent-encoded. */
  rawPath: string;
  /** The query string as sent, without `?`. */
  rawQuery: string;
  headers: IncomingHttpHeaders;
}

export interface SigningScope {
  accessKeyId: string;
  /** `YYYYMMDD` */
  date: string;
  region: string;
  service: string;
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** S3's `UriEncode`: every byte but `A-Za-z0-9-._~` as `%XY` (upper case); `/` kept in a path. */
export function uriEncode(text: string, keepSlash: boolean): string {
  const encoded = encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The canonical URI: the path decoded and encoded once again, so any client's spelling of a key signs alike. */
export function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decode(segment), false))
    .join('/');
}

/** The canonical query string: each name and value encoded, sorted by name then value, `X-Amz-Signature` left out. */
export function canonicalQuery(rawQuery: string): string {
  const pairs = rawQuery
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals === -1 ? part : part.slice(0, equals);
      const value = equals === -1 ? '' : part.slice(equals + 1);
      return [uriEncode(decode(name), false), uriEncode(decode(value), false)] as const;
    })
    .filter(([name]) => name !== 'X-Amz-Signature');
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

const headerValue = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
};

export function canonicalRequest(
  request: SigV4Request,
  signedHeaders: readonly string[],
  payloadHash: string,
): string {
  return [
    request.method,
    canonicalUri(request.rawPath),
    canonicalQuery(request.rawQuery),
    ...signedHeaders.map((name) => `${name}:${headerValue(request.headers, name)}`),
    '',
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
}

export const scopeText = (scope: SigningScope): string =>
  `${scope.date}/${scope.region}/${scope.service}/aws4_request`;

export function stringToSign(amzDate: string, scope: SigningScope, canonical: string): string {
  return [ALGORITHM, amzDate, scopeText(scope), sha256Hex(canonical)].join('\n');
}

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request") */
export function signingKey(secret: string, scope: SigningScope): Buffer {
  const dateKey = hmac(`AWS4${secret}`, scope.date);
  return hmac(hmac(hmac(dateKey, scope.region), scope.service), 'aws4_request');
}

export const signatureOf = (key: Buffer, text: string): string => hmac(key, text).toString('hex');

/** What a verified request leaves behind: enough to check the signatures of its aws-chunked body. */
export interface VerifiedSignature {
  auth: 'header' | 'query';
  accessKeyId: string;
  scope: SigningScope;
  amzDate: string;
  signature: string;
  key: Buffer;
  /** `x-amz-content-sha256` of a header-signed request, `UNSIGNED-PAYLOAD` (or the query's value) for a URL. */
  payloadHash: string;
  /** `X-Amz-Expires` of a URL. */
  expiresSeconds?: number;
}

export type Verdict =
  { ok: true; verified: VerifiedSignature } | { ok: false; error: S3Error; reason: string };

export interface VerifyOptions {
  /** Access key id → secret access key. */
  credentials: ReadonlyMap<string, string>;
  region: string;
  /** Milliseconds since the epoch, on the fake's clock. */
  now: number;
}

/** `20130524T000000Z` → epoch milliseconds (NaN when malformed). */
export function parseAmzDate(text: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** ISO 8601 without milliseconds, as S3 writes `Expires` and `ServerTime`. */
const isoSeconds = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const refuse = (error: S3Error, reason: string, details?: Record<string, string>): Verdict => ({
  ok: false,
  error: details ? { ...error, details } : error,
  reason,
});

interface Claimed {
  auth: 'header' | 'query';
  credential: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  expires?: string;
}

/** The claimed signature of a request, from its `Authorization` header or its query; undefined when unsigned. */
function claimOf(request: SigV4Request): Claimed | 'malformed' | undefined {
  const query = new URLSearchParams(request.rawQuery);
  const algorithm = query.get('X-Amz-Algorithm');
  if (algorithm !== null) {
    const credential = query.get('X-Amz-Credential');
    const signed = query.get('X-Amz-SignedHeaders');
    const signature = query.get('X-Amz-Signature');
    const amzDate = query.get('X-Amz-Date');
    const expires = query.get('X-Amz-Expires');
    if (algorithm !== ALGORITHM || !credential || !signed || !signature || !amzDate || !expires)
      return 'malformed';
    return {
      auth: 'query',
      credential,
      signedHeaders: signed.split(';'),
      signature,
      amzDate,
      expires,
      payloadHash: query.get('X-Amz-Content-Sha256') ?? UNSIGNED_PAYLOAD,
    };
  }
  const authorization = headerValue(request.headers, 'authorization');
  if (!authorization) return undefined;
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(
      authorization,
    );
  if (!match) return 'malformed';
  return {
    auth: 'header',
    credential: match[1] ?? '',
    signedHeaders: (match[2] ?? '').split(';'),
    signature: match[3] ?? '',
    amzDate: headerValue(request.headers, 'x-amz-date'),
    payloadHash: headerValue(request.headers, 'x-amz-content-sha256'),
  };
}

/**
 * Checks a request's signature as S3 does, in this order: present and well formed, a known access key, the
 * scope's region and date, the signature itself, then the time (a URL's `X-Amz-Expires`, a header's skew). The
 * signature comes before the time on purpose (AWS does not document the order): a forged URL is then always
 * `SignatureDoesNotMatch`, and only a genuine one can be "Request has expired".
 */
export function verifySigV4(request: SigV4Request, options: VerifyOptions): Verdict {
  const claim = claimOf(request);
  if (claim === undefined) return refuse(s3Errors.accessDenied, 'unsigned');
  const malformed =
    claim === 'malformed'
      ? undefined
      : (/^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/.exec(claim.credential) ?? undefined);
  if (claim === 'malformed' || !malformed) {
    return refuse(
      {
        status: 400,
        code:
          claim !== 'malformed' && claim.auth === 'header'
            ? 'AuthorizationHeaderMalformed'
            : 'AuthorizationQueryParametersError',
        message: 'The authorization header or query parameters are malformed.',
      },
      'malformed',
    );
  }
  const [, accessKeyId = '', date = '', region = '', service = ''] = malformed;
  const scope: SigningScope = { accessKeyId, date, region, service };
  const secret = options.credentials.get(accessKeyId);
  if (secret === undefined)
    return refuse(s3Errors.invalidAccessKeyId, 'unknown access key', { AWSAccessKeyId: accessKeyId });
  const signedAt = parseAmzDate(claim.amzDate);
  if (Number.isNaN(signedAt) || !claim.amzDate.startsWith(date) || service !== 's3') {
    return refuse(
      {
        status: 400,
        code: 'AuthorizationHeaderMalformed',
        message: 'The credential scope does not match the request date or service.',
      },
      'bad scope',
    );
  }
  if (region !== options.region) {
    return refuse(
      {
        status: 400,
        code: 'AuthorizationHeaderMalformed',
        message: `The authorization header is malformed; the region '${region}' is wrong; expecting '${options.region}'`,
      },
      'wrong region',
      { Region: options.region },
    );
  }
  if (claim.auth === 'header' && !claim.payloadHash) {
    return refuse(
      {
        status: 400,
        code: 'InvalidRequest',
        message: 'Missing required header for this request: x-amz-content-sha256',
      },
      'no x-amz-content-sha256',
    );
  }

  const canonical = canonicalRequest(request, claim.signedHeaders, claim.payloadHash);
  const toSign = stringToSign(claim.amzDate, scope, canonical);
  const key = signingKey(secret, scope);
  const expected = signatureOf(key, toSign);
  const provided = Buffer.from(claim.signature);
  if (provided.length !== expected.length || !timingSafeEqual(provided, Buffer.from(expected))) {
    return refuse(s3Errors.signatureDoesNotMatch, 'signature mismatch', {
      AWSAccessKeyId: accessKeyId,
      StringToSign: toSign,
      SignatureProvided: claim.signature,
      CanonicalRequest: canonical,
    });
  }

  const verified: VerifiedSignature = {
    auth: claim.auth,
    accessKeyId,
    scope,
    amzDate: claim.amzDate,
    signature: expected,
    key,
    payloadHash: claim.payloadHash,
  };
  if (claim.auth === 'query') {
    const seconds = Number(claim.expires);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_EXPIRES_SECONDS) {
      return refuse(
        {
          status: 400,
          code: 'AuthorizationQueryParametersError',
          message: 'X-Amz-Expires must be less than a week (in seconds) that is 604800',
        },
        'bad X-Amz-Expires',
      );
    }
    const expiresAt = signedAt + seconds * 1000;
    if (options.now > expiresAt) {
      return refuse({ status: 403, code: 'AccessDenied', message: 'Request has expired' }, 'expired', {
        'X-Amz-Expires': String(seconds),
        Expires: isoSeconds(expiresAt),
        ServerTime: isoSeconds(options.now),
      });
    }
    verified.expiresSeconds = seconds;
  } else if (Math.abs(options.now - signedAt) > MAX_SKEW_MS) {
    return refuse(s3Errors.requestTimeTooSkewed, 'skewed', {
      RequestTime: claim.amzDate,
      ServerTime: isoSeconds(options.now),
      MaxAllowedSkewMilliseconds: String(MAX_SKEW_MS),
    });
  }
  return { ok: true, verified };
}

/**
 * The signature of one chunk of a `STREAMING-AWS4-HMAC-SHA256-PAYLOAD` body: each chunk signs the previous
 * signature (the request's for the first) and its own bytes
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html, "Defining the Chunk Body").
 */
export function chunkSignature(verified: VerifiedSignature, previous: string, data: Buffer): string {
  const text = [
    'AWS4-HMAC-SHA256-PAYLOAD',
    verified.amzDate,
    scopeText(verified.scope),
    previous,
    sha256Hex(''),
    sha256Hex(data),
  ].join('\n');
  return signatureOf(verified.key, text);
}

/**
 * The signature of the trailing headers of a `STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER` body
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming-trailers.html).
 */
export function trailerSignature(verified: VerifiedSignature, previous: string, trailerText: string): string {
  const text = [
    'AWS4-HMAC-SHA256-TRAILER',
    verified.amzDate,
    scopeText(verified.scope),
    previous,
    sha256Hex(trailerText),
  ].join('\n');
  return signatureOf(verified.key, text);
}
