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
  'RATE_LIMITED',
]);

/** The HTTP status a vendor client put on its error (`statusCode` or `status`), if any. */
function httpStatusOf(error: object): number | undefined {
  for (const key of ['statusCode', 'status']) {
    const value: unknown = Reflect.get(error, key);
    if (typeof value === 'number') return value;
  }
  return undefined;
}

/**
 * Whether an error a search source threw says the source itself is failing (so its circuit breaker counts
 * it): a timeout, a connection or server error. A refused input (a value the database cannot take, a
 * vendor's 4xx) says nothing about the source; counting it would let anyone open every breaker with a few
 * crafted queries and take search down for everybody.
 */
export function isSourceFailure(error: unknown): boolean {
  if (isServiceError(error)) return !CALLER_ERROR_CODES.has(error.code);
  if (classifyDatabaseError(error) === 'invalid-input') return false;
  if (typeof error === 'object' && error !== null) {
    const status = httpStatusOf(error);
    if (status !== undefined && status >= 400 && status < 500) return false;
  }
  return true;
}
