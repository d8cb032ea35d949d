import { classifyDatabaseError } from '../../db/errors.js';
import { isServiceError, type ServiceErrorCode } from '../../lib/errors.js';

/** Service errors that describe the request, not the health of the source that raised them. */
const CALLER_ERROR_CODES = new Set<ServiceErrorCode>([
  'INVALID_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
]);

/** A number a vendor client put on its error under one of `keys`, if any. */
function numberOn(error: object, keys: readonly string[]): number | undefined {
  for (const key of keys) {
    const value: unknown = Reflect.get(error, key);
    if (typeof value === 'number') return value;
  }
  return undefined;
}

/** The HTTP status a vendor client put on its error (`statusCode` or `status`), if any. */
const httpStatusOf = (error: object) => numberOn(error, ['statusCode', 'status']);

/**
 * Whether an error a search source threw says the source itself is failing (so its circuit breaker counts
 * it): a timeout, a connection or server error, and a vendor's rate limit (`UNAVAILABLE` from
 * vendor-http.ts once its retries are spent or its wait does not fit, `RATE_LIMITED`, a client's 429): the
 * limit is the vendor's, shared by every user, so asking again on each search only prolongs it. A refused
 * input (a value the database cannot take, a vendor's other 4xx, such as a 400 for one query's JQL) says
 * nothing about the source; counting it would let anyone open every breaker with a few crafted queries and
 * take search down for everybody.
 */
export function isSourceFailure(error: unknown): boolean {
  if (isServiceError(error)) return !CALLER_ERROR_CODES.has(error.code);
  if (classifyDatabaseError(error) === 'invalid-input') return false;
  if (typeof error === 'object' && error !== null) {
    const status = httpStatusOf(error);
    if (status !== undefined && status >= 400 && status < 500 && status !== 429) return false;
  }
  return true;
}

/**
 * How long a failing source asked to be left alone, when it said: a `ServiceError`'s `retryAfterMs` (from
 * a vendor's `Retry-After`), or the same field on a vendor client's own error.
 */
export function retryAfterMsOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const value = numberOn(error, ['retryAfterMs']);
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}
