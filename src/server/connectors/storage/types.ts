import type { ConnectorRoutes } from '../connector-routes.js';

/**
 * Object storage (Amazon S3 in the vendor's deployment; the portal's own database by default): ticket
 * attachments, diagnostic bundles and the edge images and their checksum files. Callers name objects by key
 * and never learn where the bytes live; nothing here imports an implementation.
 */

/** What the portal knows about one stored object. */
export interface StoredObject {
  /** Slash-separated, e.g. `attachments/42/diagnostics.tar.gz`; at most 1024 characters (as S3 keys). */
  key: string;
  contentType: string;
  /** Bytes. */
  size: number;
  /**
   * Hex SHA-256 of the bytes, computed on the way in: shown beside a download and checked on the way out.
   * Null when the store does not know it: an S3 listing carries no metadata, and an object that another
   * process uploaded (the release process's images) has none; the image's `.sha256` file then says it.
   */
  sha256: string | null;
  createdAt: Date;
}

/** What a listing tells of an object: S3's ListObjectsV2 answers no content type and no metadata. */
export type ListedObject = Pick<StoredObject, 'key' | 'size' | 'sha256' | 'createdAt'>;

export interface PutObjectInput {
  key: string;
  contentType: string;
  /** The bytes, whole or as a stream (an upload is read as it arrives and stopped once it passes `maxBytes`). */
  body: Uint8Array | AsyncIterable<Uint8Array>;
  /** Refuses the object (INVALID_INPUT, nothing kept) once it has more bytes than this. */
  maxBytes: number;
}

export interface StoredObjectWithBody {
  object: StoredObject;
  /**
   * The bytes in pieces, read from the store as they are consumed (a large file is never held whole). It
   * throws if the object is replaced or deleted before it has been read through.
   */
  body: AsyncIterable<Uint8Array>;
}

export interface StorageConnector extends ConnectorRoutes {
  /** Which implementation runs, for the health page and the logs. */
  readonly provider: 'builtin' | 's3';

  /**
   * Stores an object under `key`, replacing one already there. Throws ServiceError INVALID_INPUT for a key
   * that is not a safe relative path or a body larger than `maxBytes`.
   */
  put(input: PutObjectInput): Promise<StoredObject>;

  /** The object's metadata, or undefined when there is none under `key`. */
  head(key: string): Promise<StoredObject | undefined>;

  /** The object and its bytes (read lazily, see {@link StoredObjectWithBody}), or undefined. */
  get(key: string): Promise<StoredObjectWithBody | undefined>;

  /** Removes the object; false when there was none (whatever the store itself answers to a delete). */
  delete(key: string): Promise<boolean>;

  /** Keys under a prefix (`attachments/42/`), sorted, at most `limit`. */
  list(prefix: string, limit: number): Promise<ListedObject[]>;

  /**
   * A URL that fetches this one object, saved as `fileName`, until `expiresInSeconds` have passed; whoever
   * holds it needs no session (it goes into a new tab, or to a download manager that resumes with Range).
   * The built-in store's URLs are served by the portal (`builtin/routes.ts`); S3's are presigned GetObject
   * URLs. `fileName` must be a plain name (`download-name.ts`), else INVALID_INPUT.
   */
  signedUrl(key: string, options: { fileName: string; expiresInSeconds: number }): Promise<string>;
}
