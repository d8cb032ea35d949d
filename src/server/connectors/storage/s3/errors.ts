import { S3ServiceException } from '@aws-sdk/client-s3';
import { ServiceError } from '../../../lib/errors.js';

/** The HTTP status S3 answered with, when the error is S3's answer (not a network failure). */
export const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/**
 * What an answer for one key means: 404 is no such object. 403 is ambiguous: without `s3:ListBucket` on the
 * bucket S3 answers a missing key with 403 rather than 404, so that the caller learns nothing of what the
 * bucket holds (HeadObject's and GetObject's "Permissions" sections,
 * https://docs.aws.amazon.com/AmazonS3/latest/API/API_HeadObject.html; repost.aws, "Why does S3 return 403
 * instead of 404 when the object doesn't exist?"). The portal cannot tell such a 403 from a real refusal, so
 * it stops with an error that names the missing grant rather than guessing. A 503 (`SlowDown`, after the
 * SDK's own retries) is UNAVAILABLE; anything else is thrown as it is.
 */
export function missingOrThrow(error: unknown, operation: string, bucketKey: string): undefined {
  const status = statusOf(error);
  if (status === 404) return undefined;
  throw explainS3Error(error, operation, bucketKey);
}

/** The calls whose 403 may mean "no such key" (see {@link missingOrThrow}). */
const READS_OF_ONE_KEY = new Set(['HeadObject', 'GetObject']);

/** The error to throw for S3's answer to one call (see {@link missingOrThrow}). */
export function explainS3Error(error: unknown, operation: string, bucketKey: string): unknown {
  const status = statusOf(error);
  if (status === 403) {
    const why = READS_OF_ONE_KEY.has(operation)
      ? 'the object may be missing: without s3:ListBucket on the bucket S3 answers a missing key with 403. ' +
        'Grant s3:ListBucket (README, Files in S3), or check the credentials and s3:GetObject'
      : 'check the credentials and the IAM policy (README, Files in S3)';
    return new Error(`S3 refused ${operation} of ${bucketKey} (403): ${why}`, { cause: error });
  }
  if (status === 503 || status === 500) {
    return new ServiceError('UNAVAILABLE', `The object store is not answering (${operation}, ${status}).`, {
      cause: error,
    });
  }
  return error;
}
