/**
 * Errors thrown by domain services. A service knows nothing of HTTP: it names what went wrong with a stable
 * code, and the API's error handler (plugins/error-handler.ts) turns the code into a status.
 */
export type ServiceErrorCode =
  | 'INVALID_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE';

export interface ServiceErrorOptions extends ErrorOptions {
  /**
   * A finer, stable reason the client maps to its own words (e.g. `USER_NOT_EXISTS`, spec section 8). When
   * present the answer's `message` carries it instead of the sentence, which then only goes to the log.
   */
  reason?: string;
  /**
   * How long the failing system asked to be left alone (a vendor's `Retry-After`), when it said so: the
   * search's circuit breaker stays open at least this long.
   */
  retryAfterMs?: number;
}

export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  readonly reason: string | undefined;
  readonly retryAfterMs: number | undefined;
  constructor(code: ServiceErrorCode, message: string, options?: ServiceErrorOptions) {
    super(message, options);
    this.name = 'ServiceError';
    this.code = code;
    this.reason = options?.reason;
    this.retryAfterMs = options?.retryAfterMs;
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
