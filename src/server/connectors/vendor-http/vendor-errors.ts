import { ServiceError, type ServiceErrorCode } from '../../lib/errors.js';

/** Which call failed: what a log line and an error may name (the path without its query). */
export interface CallSite {
  vendor: string;
  method: string;
  path: string;
}

/**
 * A vendor refused or failed a call. `status` is the vendor's HTTP status (undefined when no answer came);
 * `detail` the start of its error body as text (JSON or `text/plain`, as Zendesk's 429 is), credentials
 * masked, for the adapter that wants the vendor's words (a Jira JQL error). The message names no path:
 * a 4xx message reaches the portal's caller.
 */
export class VendorError extends ServiceError {
  readonly vendor: string;
  readonly status: number | undefined;
  readonly detail: string | undefined;
  constructor(
    code: ServiceErrorCode,
    site: CallSite,
    options: { status?: number; detail?: string; retryAfterMs?: number; cause?: unknown; message?: string },
  ) {
    super(code, options.message ?? `${site.vendor} answered ${options.status ?? 'nothing'}`, {
      retryAfterMs: options.retryAfterMs,
      cause: options.cause,
    });
    this.name = 'VendorError';
    this.vendor = site.vendor;
    this.status = options.status;
    this.detail = options.detail;
  }
}

/** Where a vendor's answer broke its schema, and how: never the value found there. */
export interface ContractIssue {
  path: string;
  code: string;
}

/**
 * A vendor answered in a shape its schema refuses (or not in JSON): the adapter is out of date with the
 * vendor, so the source is failing, not the caller's request (`UNAVAILABLE`).
 */
export class VendorContractError extends ServiceError {
  readonly vendor: string;
  readonly method: string;
  readonly path: string;
  readonly issues: readonly ContractIssue[];
  constructor(site: CallSite, issues: readonly ContractIssue[]) {
    super(
      'UNAVAILABLE',
      `${site.vendor} answered ${site.method} ${site.path} in a shape the portal does not read`,
    );
    this.name = 'VendorContractError';
    this.vendor = site.vendor;
    this.method = site.method;
    this.path = site.path;
    this.issues = issues;
  }
}

/** The statuses that say "later" rather than "no": retried for idempotent calls. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * A vendor's error status as the portal's code. The caller's own mistakes (400, 422, an unknown id) keep
 * their meaning; any other 4xx (405, 410 for a removed endpoint, 415) and every 5xx mean the adapter cannot
 * use the vendor as it is, so they are `UNAVAILABLE`, and a search source's breaker counts them.
 */
export function codeForStatus(status: number): ServiceErrorCode {
  switch (status) {
    case 400:
    case 422:
      return 'INVALID_INPUT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    default:
      return 'UNAVAILABLE';
  }
}
