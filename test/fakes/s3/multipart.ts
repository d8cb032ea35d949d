import type { ServerResponse } from 'node:http';
import type { FakeRequest } from '../harness';
import { isoDate, writtenHeaders } from './objects';
import type { DecodedPayload } from './payload';
import { md5Etag, multipartEtag, newUploadId, type Bucket, type UploadedPart } from './store';
import { requestIds, s3Errors, sendXml, xmlDocument, xmlTexts, type S3Error } from './xml';

/** Every part but the last must have at least 5 MiB (https://docs.aws.amazon.com/AmazonS3/latest/userguide/qfacts.html). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PART_NUMBER = 10_000;

/**
 * CreateMultipartUpload (https://docs.aws.amazon.com/AmazonS3/latest/API/API_CreateMultipartUpload.html):
 * `POST /<bucket>/<key>?uploads` → `InitiateMultipartUploadResult` with the `UploadId`. The object's type and
 * metadata are given here, not at completion.
 */
export function createMultipartUpload(
  request: FakeRequest,
  res: ServerResponse,
  bucket: Bucket,
  key: string,
  now: number,
): void {
  const uploadId = newUploadId();
  const { contentType, metadata } = writtenHeaders(request.headers);
  bucket.uploads.set(uploadId, { uploadId, key, initiated: now, contentType, metadata, parts: new Map() });
  sendXml(
    res,
    200,
    xmlDocument('InitiateMultipartUploadResult', { Bucket: bucket.name, Key: key, UploadId: uploadId }),
  );
}

const uploadOf = (bucket: Bucket, key: string, uploadId: string) => {
  const upload = bucket.uploads.get(uploadId);
  return upload && upload.key === key ? upload : undefined;
};

/**
 * UploadPart (https://docs.aws.amazon.com/AmazonS3/latest/API/API_UploadPart.html):
 * `PUT /<bucket>/<key>?partNumber=N&uploadId=…` → 200 with the part's `ETag`; 404 `NoSuchUpload` for an upload
 * that was aborted, completed or never made.
 */
export function uploadPart(
  request: FakeRequest,
  res: ServerResponse,
  bucket: Bucket,
  key: string,
  payload: DecodedPayload,
): S3Error | undefined {
  const upload = uploadOf(bucket, key, request.query.get('uploadId') ?? '');
  if (!upload) return s3Errors.noSuchUpload;
  const partNumber = Number(request.query.get('partNumber'));
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    return {
      ...s3Errors.invalidRequest,
      code: 'InvalidArgument',
      message: 'Part number must be an integer between 1 and 10000, inclusive',
    };
  }
  const etag = md5Etag(payload.data);
  upload.parts.set(partNumber, { partNumber, body: payload.data, etag });
  res.writeHead(200, { ...requestIds(), etag, ...payload.checksums });
  res.end();
  return undefined;
}

/**
 * CompleteMultipartUpload (https://docs.aws.amazon.com/AmazonS3/latest/API/API_CompleteMultipartUpload.html):
 * the body lists `<Part><PartNumber>…</PartNumber><ETag>…</ETag></Part>` in ascending order; an unknown part or a
 * wrong ETag is 400 `InvalidPart`, a list out of order 400 `InvalidPartOrder`, a part but the last under 5 MiB
 * 400 `EntityTooSmall`. The object is the parts joined; the answer a `CompleteMultipartUploadResult`.
 */
export function completeMultipartUpload(
  request: FakeRequest,
  res: ServerResponse,
  target: { bucket: Bucket; key: string; location: string },
  now: number,
): S3Error | undefined {
  const { bucket, key } = target;
  const upload = uploadOf(bucket, key, request.query.get('uploadId') ?? '');
  if (!upload) return s3Errors.noSuchUpload;
  const listed = xmlTexts(request.body.toString('utf8'), 'Part').map((part) => ({
    partNumber: Number(xmlTexts(part, 'PartNumber')[0]),
    etag: (xmlTexts(part, 'ETag')[0] ?? '').replaceAll('"', ''),
  }));
  if (listed.length === 0) {
    return {
      status: 400,
      code: 'MalformedXML',
      message: 'The XML you provided was not well-formed or did not validate against our published schema',
    };
  }
  const parts: UploadedPart[] = [];
  for (const [index, entry] of listed.entries()) {
    const part = upload.parts.get(entry.partNumber);
    if (!part || part.etag.replaceAll('"', '') !== entry.etag) return s3Errors.invalidPart;
    if (index > 0 && entry.partNumber <= (listed[index - 1]?.partNumber ?? 0))
      return s3Errors.invalidPartOrder;
    parts.push(part);
  }
  if (parts.slice(0, -1).some((part) => part.body.length < MIN_PART_BYTES)) return s3Errors.entityTooSmall;
  const etag = multipartEtag(parts);
  bucket.objects.set(key, {
    key,
    body: Buffer.concat(parts.map((part) => part.body)),
    contentType: upload.contentType,
    metadata: upload.metadata,
    etag,
    lastModified: now,
    checksums: {},
  });
  bucket.uploads.delete(upload.uploadId);
  sendXml(
    res,
    200,
    xmlDocument('CompleteMultipartUploadResult', {
      Location: target.location,
      Bucket: bucket.name,
      Key: key,
      ETag: etag,
    }),
  );
  return undefined;
}

/**
 * AbortMultipartUpload (https://docs.aws.amazon.com/AmazonS3/latest/API/API_AbortMultipartUpload.html):
 * `DELETE /<bucket>/<key>?uploadId=…` → 204, its parts gone; 404 `NoSuchUpload` when there is no such upload.
 */
export function abortMultipartUpload(
  request: FakeRequest,
  res: ServerResponse,
  bucket: Bucket,
  key: string,
): S3Error | undefined {
  const upload = uploadOf(bucket, key, request.query.get('uploadId') ?? '');
  if (!upload) return s3Errors.noSuchUpload;
  bucket.uploads.delete(upload.uploadId);
  res.writeHead(204, requestIds());
  res.end();
  return undefined;
}

/**
 * ListMultipartUploads (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListMultipartUploads.html):
 * `GET /<bucket>?uploads[&prefix=…]` → the uploads in progress, by key then initiation time. Up to 1000, the
 * page size S3 uses; the fake does not page further.
 */
export function listMultipartUploads(request: FakeRequest, res: ServerResponse, bucket: Bucket): void {
  const prefix = request.query.get('prefix') ?? '';
  const uploads = [...bucket.uploads.values()]
    .filter((upload) => upload.key.startsWith(prefix))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.initiated - b.initiated))
    .slice(0, 1000);
  sendXml(
    res,
    200,
    xmlDocument('ListMultipartUploadsResult', {
      Bucket: bucket.name,
      KeyMarker: '',
      UploadIdMarker: '',
      Prefix: prefix,
      MaxUploads: 1000,
      IsTruncated: false,
      Upload: uploads.map((upload) => ({
        Key: upload.key,
        UploadId: upload.uploadId,
        StorageClass: 'STANDARD',
        Initiated: isoDate(upload.initiated),
      })),
    }),
  );
}
