import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';

/** Where the bucket is (the S3_* variables); credentials are not among them. */
export interface S3Settings {
  bucket: string;
  /** Unset: the SDK's own (AWS_REGION, the shared config file). */
  region?: string | undefined;
  /** An S3-compatible endpoint instead of AWS's (a local store, the test fake). */
  endpoint?: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; defaults to on with an endpoint. */
  forcePathStyle?: boolean | undefined;
  /** The folder of the bucket that holds the portal's keys (`support-portal/`); unset = the whole bucket. */
  prefix?: string | undefined;
}

/**
 * The SDK client for the bucket. No credentials are given: the SDK's default chain finds them (environment,
 * shared config, container or instance role, web identity), as a deployment on AWS expects
 * (https://docs.aws.amazon.com/sdk-for-javascript/v3/developer-guide/setting-credentials-node.html).
 * `overrides` is for tests, which hand the fake's key to the client directly.
 */
export function createS3Client(settings: S3Settings, overrides: Partial<S3ClientConfig> = {}): S3Client {
  return new S3Client({
    ...(settings.region ? { region: settings.region } : {}),
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // A custom endpoint (an S3-compatible store on one host name) rarely has a DNS name per bucket.
    forcePathStyle: settings.forcePathStyle ?? settings.endpoint !== undefined,
    ...overrides,
  });
}
