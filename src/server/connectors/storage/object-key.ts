import { ServiceError } from '../../lib/errors.js';

const MAX_KEY_LENGTH = 1024;
/** One path segment: no control characters, no backslash, not `.` or `..`. */
const SEGMENT = /^(?!\.{1,2}$)[^\p{Cc}/\\]+$/u;

/**
 * Refuses a key that is not a plain relative path, whichever implementation stores it: a key is built from
 * ids and a file name a user chose, and `../` or an absolute path must never reach a file system or a bucket.
 */
export function checkObjectKey(key: string): string {
  if (
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    !key.split('/').every((part) => SEGMENT.test(part))
  ) {
    throw new ServiceError('INVALID_INPUT', `Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
  return key;
}
