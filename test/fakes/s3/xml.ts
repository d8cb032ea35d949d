import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { InjectedReply } from '../harness';

/** The namespace of every S3 REST answer body (https://docs.aws.amazon.com/AmazonS3/latest/API/Welcome.html). */
export const S3_NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/** An XML tree: an element name with text, or with child elements (arrays repeat the element). */
export type XmlValue = string | number | boolean | XmlFields | XmlFields[] | string[];
export interface XmlFields {
  [name: string]: XmlValue | undefined;
}

function element(name: string, value: XmlValue | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('');
  if (typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([child, inner]) => element(child, inner))
      .join('')}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** An S3 answer document: `<?xml …?><Root xmlns="…">…</Root>`. */
export function xmlDocument(root: string, fields: XmlFields, namespace = true): string {
  const inner = Object.entries(fields)
    .map(([name, value]) => element(name, value))
    .join('');
  const xmlns = namespace ? ` xmlns="${S3_NAMESPACE}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}${xmlns}>${inner}</${root}>`;
}

/** The text of every `<name>` element in `xml`, in order (enough for the small request bodies S3 takes). */
export function xmlTexts(xml: string, name: string): string[] {
  const pattern = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) =>
    (match[1] ?? '').replace(/&(lt|gt|amp|apos|quot);/g, (_, entity: string) => {
      const table: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
      return table[entity] ?? '';
    }),
  );
}

/** `x-amz-request-id` and `x-amz-id-2`, which S3 puts on every answer (REST error response page, below). */
export function requestIds(): Record<string, string> {
  return {
    'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase(),
    'x-amz-id-2': randomBytes(24).toString('base64'),
  };
}

/**
 * An S3 error: its status, `Code`, `Message` and the extra elements some codes carry (the expired URL's
 * `X-Amz-Expires`, `Expires` and `ServerTime`; the signature mismatch's `StringToSign` and `CanonicalRequest`).
 */
export interface S3Error {
  status: number;
  code: string;
  message: string;
  details?: Record<string, string>;
}

/**
 * The REST error body: `<Error><Code>…</Code><Message>…</Message><Resource>…</Resource><RequestId>…</RequestId>`
 * with `Content-Type: application/xml` (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html,
 * "REST error responses"). Error documents carry no namespace.
 */
export function errorReply(error: S3Error, resource?: string): InjectedReply {
  const ids = requestIds();
  const body = xmlDocument(
    'Error',
    {
      Code: error.code,
      Message: error.message,
      ...error.details,
      Resource: resource,
      RequestId: ids['x-amz-request-id'],
      HostId: ids['x-amz-id-2'],
    },
    false,
  );
  return { status: error.status, headers: { 'content-type': 'application/xml', ...ids }, body };
}

/** Sends an error; a HEAD answer has no body, only the status (as S3's does). */
export function sendError(res: ServerResponse, method: string, error: S3Error, resource?: string): void {
  const answer = errorReply(error, resource);
  res.writeHead(answer.status, answer.headers);
  res.end(method === 'HEAD' ? undefined : answer.body);
}

export function sendXml(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/xml', ...requestIds(), ...headers });
  res.end(body);
}

/**
 * The error codes the fake answers, with S3's status and message ("List of error codes" on the Error responses
 * page above).
 */
export const s3Errors = {
  accessDenied: { status: 403, code: 'AccessDenied', message: 'Access Denied' },
  noSuchKey: { status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' },
  noSuchBucket: { status: 404, code: 'NoSuchBucket', message: 'The specified bucket does not exist' },
  noSuchUpload: {
    status: 404,
    code: 'NoSuchUpload',
    message:
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  },
  invalidPart: {
    status: 400,
    code: 'InvalidPart',
    message:
      "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
  },
  invalidPartOrder: {
    status: 400,
    code: 'InvalidPartOrder',
    message:
      'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
  },
  entityTooSmall: {
    status: 400,
    code: 'EntityTooSmall',
    message: 'Your proposed upload is smaller than the minimum allowed object size.',
  },
  invalidRange: { status: 416, code: 'InvalidRange', message: 'The requested range is not satisfiable' },
  slowDown: { status: 503, code: 'SlowDown', message: 'Please reduce your request rate.' },
  signatureDoesNotMatch: {
    status: 403,
    code: 'SignatureDoesNotMatch',
    message:
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  },
  invalidAccessKeyId: {
    status: 403,
    code: 'InvalidAccessKeyId',
    message: 'The AWS Access Key Id you provided does not exist in our records.',
  },
  requestTimeTooSkewed: {
    status: 403,
    code: 'RequestTimeTooSkewed',
    message: 'The difference between the request time and the current time is too large.',
  },
  contentSha256Mismatch: {
    status: 400,
    code: 'XAmzContentSHA256Mismatch',
    message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  },
  badDigest: {
    status: 400,
    code: 'BadDigest',
    message: 'The checksum you specified did not match the calculated checksum.',
  },
  incompleteBody: {
    status: 400,
    code: 'IncompleteBody',
    message: 'You did not provide the number of bytes specified by the Content-Length HTTP header.',
  },
  invalidRequest: { status: 400, code: 'InvalidRequest', message: 'Invalid Request' },
  notImplemented: {
    status: 501,
    code: 'NotImplemented',
    message: 'A header you provided implies functionality that is not implemented.',
  },
} satisfies Record<string, S3Error>;

/**
 * A `SlowDown` answer for `failNext`: 503 with the XML error body. S3 answers it when a prefix takes requests
 * faster than it scales (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html, `SlowDown`;
 * https://docs.aws.amazon.com/AmazonS3/latest/userguide/ErrorBestPractices.html).
 */
export function slowDownReply(retryAfterSeconds?: number): InjectedReply {
  const answer = errorReply(s3Errors.slowDown);
  if (retryAfterSeconds !== undefined)
    answer.headers = { ...answer.headers, 'retry-after': String(retryAfterSeconds) };
  return answer;
}
