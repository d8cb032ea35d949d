import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { CopyObjectCommand, DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ServiceError } from '../../../lib/errors.js';
import type { PutObjectInput } from '../types.js';

/** The user metadata of the objects the portal writes: `x-amz-meta-sha256`, the hex SHA-256 of the bytes. */
export const SHA256_METADATA = 'sha256';

export interface PutSizes {
  /** The largest body sent as one PutObject; a larger one goes up in parts. */
  singlePutMaxBytes: number;
  /** Bytes of each part of a multipart upload (S3's minimum is 5 MiB, all parts but the last). */
  partBytes: number;
}

/**
 * 16 MiB for both: an attachment (25 MiB at most) is one PUT or two parts, and up to two parts are held in
 * memory per upload. S3 allows 5 GB in one PUT and 10,000 parts of 5 MiB to 5 GiB
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/qfacts.html).
 */
export const DEFAULT_PUT_SIZES: PutSizes = {
  singlePutMaxBytes: 16 * 1024 * 1024,
  partBytes: 16 * 1024 * 1024,
};

const tooLarge = (maxBytes: number) =>
  new ServiceError('INVALID_INPUT', `The file is larger than ${maxBytes} bytes.`);

/** The body's pieces, hashed as they pass and refused (thrown) as soon as they pass `maxBytes`. */
async function* measured(
  body: PutObjectInput['body'],
  maxBytes: number,
  hash: Hash,
): AsyncGenerator<Uint8Array> {
  if (body instanceof Uint8Array) {
    if (body.byteLength > maxBytes) throw tooLarge(maxBytes);
    hash.update(body);
    yield body;
    return;
  }
  let size = 0;
  for await (const piece of body) {
    size += piece.byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes);
    hash.update(piece);
    yield piece;
  }
}

/** The pieces already read, then the rest of the iterator. */
async function* rejoined(head: Uint8Array[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

export interface PutTarget {
  client: S3Client;
  bucket: string;
  /** The key in the bucket (with S3_PREFIX). */
  bucketKey: string;
}

/**
 * Stores a body and answers its size and SHA-256. Up to `singlePutMaxBytes` it is one PutObject carrying
 * `x-amz-meta-sha256`. A larger body streams through lib-storage's `Upload` in parts; its hash is known only
 * once the last part is read, so the metadata is then added by copying the object onto itself with
 * `MetadataDirective: REPLACE`, which S3 allows as a copy that changes the metadata and which replaces the
 * content type too, so it is given again (https://docs.aws.amazon.com/AmazonS3/latest/API/API_CopyObject.html;
 * one CopyObject takes up to 5 GB, more than any upload the portal receives).
 *
 * A body over `maxBytes` stops the upload: `Upload` then sends AbortMultipartUpload, which frees every part
 * already uploaded (https://docs.aws.amazon.com/AmazonS3/latest/API/API_AbortMultipartUpload.html), so
 * nothing of it is kept or billed.
 */
export async function putObject(
  target: PutTarget,
  input: PutObjectInput,
  sizes: PutSizes,
): Promise<{ size: number; sha256: string }> {
  const { client, bucket, bucketKey } = target;
  const hash = createHash('sha256');
  const pieces = measured(input.body, input.maxBytes, hash);
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes <= sizes.singlePutMaxBytes) {
    const next = await pieces.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.byteLength;
  }

  if (ended) {
    const sha256 = hash.digest('hex');
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: bucketKey,
        Body: Buffer.concat(head, headBytes),
        ContentLength: headBytes,
        ContentType: input.contentType,
        Metadata: { [SHA256_METADATA]: sha256 },
      }),
    );
    return { size: headBytes, sha256 };
  }

  let size = 0;
  const counted = async function* () {
    for await (const piece of rejoined(head, pieces)) {
      size += piece.byteLength;
      yield piece;
    }
  };
  await new Upload({
    client,
    partSize: sizes.partBytes,
    // Parts held in memory at once, each `partBytes`.
    queueSize: 2,
    params: {
      Bucket: bucket,
      Key: bucketKey,
      Body: Readable.from(counted(), { objectMode: false }),
      ContentType: input.contentType,
    },
  }).done();
  const sha256 = hash.digest('hex');
  try {
    await client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: bucketKey,
        CopySource: `${bucket}/${bucketKey.split('/').map(encodeURIComponent).join('/')}`,
        MetadataDirective: 'REPLACE',
        ContentType: input.contentType,
        Metadata: { [SHA256_METADATA]: sha256 },
      }),
    );
  } catch (error) {
    // An object without its hash is not what put promises: take it away and fail the whole put.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: bucketKey })).catch(() => undefined);
    throw error;
  }
  return { size, sha256 };
}
