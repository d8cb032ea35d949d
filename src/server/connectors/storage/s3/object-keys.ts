/**
 * The portal's keys live under S3_PREFIX in the bucket (`support-portal/attachments/42/a.log`), so the bucket
 * can be shared with other data and the IAM policy granted on that folder alone. Callers never see the prefix.
 */
export interface ObjectKeys {
  /** The bucket's key for a portal key (or a listing prefix). */
  inBucket(key: string): string;
  /** The portal's key for a key the bucket listed. */
  inPortal(bucketKey: string): string;
}

export function objectKeys(prefix: string | undefined): ObjectKeys {
  // `portal` and `portal/` name the same folder.
  const folder = !prefix ? '' : prefix.endsWith('/') ? prefix : `${prefix}/`;
  return {
    inBucket: (key) => `${folder}${key}`,
    inPortal: (bucketKey) => (bucketKey.startsWith(folder) ? bucketKey.slice(folder.length) : bucketKey),
  };
}
