import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from '../download-name.js';
import { checkObjectKey } from '../object-key.js';
import type { ListedObject, StorageConnector, StoredObject } from '../types.js';
import type { S3Settings } from './client.js';
import { explainS3Error, missingOrThrow } from './errors.js';
import { objectKeys } from './object-keys.js';
import { DEFAULT_PUT_SIZES, putObject, SHA256_METADATA, type PutSizes } from './put-object.js';

/** ListObjectsV2 answers at most 1,000 keys a page (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html). */
const LIST_PAGE_MAX = 1000;

/** What HeadObject and GetObject answer of an object, in the portal's terms. */
interface ObjectHeaders {
  ContentType?: string | undefined;
  ContentLength?: number | undefined;
  LastModified?: Date | undefined;
  Metadata?: Record<string, string> | undefined;
}

const storedObject = (key: string, headers: ObjectHeaders): StoredObject => ({
  key,
  contentType: headers.ContentType ?? 'application/octet-stream',
  size: headers.ContentLength ?? 0,
  // The SDK hands user metadata over with the `x-amz-meta-` cut off and the name in lower case.
  sha256: headers.Metadata?.[SHA256_METADATA] ?? null,
  createdAt: headers.LastModified ?? new Date(0),
});

/**
 * The object store in an S3 bucket (or an S3-compatible store at S3_ENDPOINT), every key under S3_PREFIX.
 * Downloads are presigned GetObject URLs that S3 serves itself, Range requests included.
 */
export function createS3Storage(options: {
  client: S3Client;
  settings: S3Settings;
  /** Where a put switches to a multipart upload; tests make it small. */
  putSizes?: PutSizes;
}): StorageConnector {
  const { client } = options;
  const Bucket = options.settings.bucket;
  const keys = objectKeys(options.settings.prefix);
  const putSizes = options.putSizes ?? DEFAULT_PUT_SIZES;

  const head = async (key: string): Promise<StoredObject | undefined> => {
    const Key = keys.inBucket(checkObjectKey(key));
    try {
      return storedObject(key, await client.send(new HeadObjectCommand({ Bucket, Key })));
    } catch (error) {
      return missingOrThrow(error, 'HeadObject', Key);
    }
  };

  return {
    provider: 's3',

    async put(input) {
      const key = checkObjectKey(input.key);
      const Key = keys.inBucket(key);
      try {
        const { size, sha256 } = await putObject({ client, bucket: Bucket, bucketKey: Key }, input, putSizes);
        return { key, contentType: input.contentType, size, sha256, createdAt: new Date() };
      } catch (error) {
        throw explainS3Error(error, 'PutObject', Key);
      }
    },

    head,

    async get(key) {
      const Key = keys.inBucket(checkObjectKey(key));
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        // In Node the SDK's body is the response stream itself, read as the caller consumes it.
        if (!(answer.Body instanceof Readable)) throw new Error(`S3 GetObject of ${Key}: no body stream`);
        return { object: storedObject(key, answer), body: answer.Body };
      } catch (error) {
        return missingOrThrow(error, 'GetObject', Key);
      }
    },

    async delete(key) {
      // DeleteObject answers 204 whether or not there was an object ("If there isn't a null version, Amazon S3
      // does not remove any objects but will still respond that the command was successful",
      // https://docs.aws.amazon.com/AmazonS3/latest/API/API_DeleteObject.html): only a HEAD first tells.
      if (!(await head(key))) return false;
      const Key = keys.inBucket(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        throw explainS3Error(error, 'DeleteObject', Key);
      }
      return true;
    },

    async list(prefix, limit) {
      const listed: ListedObject[] = [];
      const Prefix = keys.inBucket(prefix);
      // A listing is cut into pages: each truncated page names the token that continues it
      // (`IsTruncated`, `NextContinuationToken`; API_ListObjectsV2.html above). S3 lists keys in UTF-8
      // binary order, so the first `limit` keys are the sorted ones.
      let ContinuationToken: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({
              Bucket,
              Prefix,
              MaxKeys: Math.min(LIST_PAGE_MAX, limit - listed.length),
              ContinuationToken,
            }),
          );
        } catch (error) {
          throw explainS3Error(error, 'ListObjectsV2', Prefix);
        }
        for (const object of page.Contents ?? []) {
          if (!object.Key || listed.length >= limit) continue;
          // A listing carries no user metadata, so no SHA-256 (see StoredObject.sha256).
          listed.push({
            key: keys.inPortal(object.Key),
            size: object.Size ?? 0,
            sha256: null,
            createdAt: object.LastModified ?? new Date(0),
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken && listed.length < limit);
      return listed;
    },

    async signedUrl(key, { fileName, expiresInSeconds }) {
      // Query-string SigV4: the URL carries X-Amz-Expires and S3 refuses it with 403 AccessDenied "Request
      // has expired" once that many seconds have passed since X-Amz-Date; changing any signed part (the key,
      // the disposition) breaks the signature (403 SignatureDoesNotMatch). response-content-disposition is
      // one of GetObject's response-header overrides, honoured for signed requests
      // (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html,
      // https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html).
      const command = new GetObjectCommand({
        Bucket,
        Key: keys.inBucket(checkObjectKey(key)),
        ResponseContentDisposition: attachmentDisposition(fileName),
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
  };
}
