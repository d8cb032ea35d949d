import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import type { VendorLog } from './redact.js';
import { redactText } from './redact.js';
import { backoffMs, vendorWaitMs, type BackoffPolicy, type RateLimitResetForm } from './retry-wait.js';
import {
  codeForStatus,
  RETRYABLE_STATUSES,
  VendorContractError,
  VendorError,
  type CallSite,
  type ContractIssue,
} from './vendor-errors.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One vendor's client, with every default filled in (vendor-http.ts builds it). */
export interface VendorClient {
  vendor: string;
  baseUrl: string;
  /** Already redacting (redact.ts). */
  log: VendorLog;
  /** Headers of every attempt, read again each time, so a refreshed token is the one sent. */
  headers: (() => Record<string, string> | Promise<Record<string, string>>) | undefined;
  /** Renews the credentials after a 401: called at most once per call, which is then sent once more. */
  refresh: (() => Promise<void>) | undefined;
  rateLimitReset: RateLimitResetForm | undefined;
  attemptTimeoutMs: number;
  /** Longest wait between attempts; a vendor asking for more fails the call at once (see vendor-http.ts). */
  maxWaitMs: number;
  backoff: BackoffPolicy;
  random: () => number;
  now: () => number;
  fetch: typeof fetch;
}

export interface VendorCall<T> {
  method?: HttpMethod;
  /** Under the client's base URL. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its content type (a file upload), instead of a JSON `body`. */
  rawBody?: { bytes: Uint8Array; contentType: string };
  headers?: Record<string, string>;
  /** Every answer's JSON is read through it; an empty body is read as `undefined`. */
  schema: z.ZodType<T>;
  /** A POST that changes nothing (Jira's `search/jql`): retried as a GET is. */
  readOnly?: boolean;
  signal?: AbortSignal;
  /** When the caller stops waiting, on the client's clock (`now`): no attempt or wait goes past it. */
  deadline?: number;
}

/** How messages name each vendor (log lines keep the lower-case id). */
const VENDOR_NAMES: Record<string, string> = {
  zendesk: 'Zendesk',
  gitbook: 'GitBook',
  forumbee: 'Forumbee',
  jira: 'Jira',
};

const inWords = (ms: number): string => {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * What a failed call says, for the people who read it (the admins' sync status, the search's source errors):
 * the vendor, what its answer means, and when it may be asked again if it said. No path, no body, no token.
 */
export function vendorFailureMessage(vendor: string, status: number | undefined, waitMs?: number): string {
  const name = VENDOR_NAMES[vendor] ?? vendor;
  // A wait under a second (a reset already past) says nothing worth reading.
  const again =
    waitMs !== undefined && waitMs >= 1000 ? `; it may be asked again in about ${inWords(waitMs)}` : '';
  if (status === undefined) return `${name} could not be reached${again}.`;
  if (status === 429) return `${name} is limiting the portal's requests (429 Too Many Requests)${again}.`;
  if (status === 401) return `${name} refused the portal's credentials (401).`;
  if (status === 403) return `${name} refused the request (403 Forbidden).`;
  if (status === 404) return `${name} has no such item (404).`;
  if (status >= 500) return `${name} failed to answer (${status}, a problem on its side)${again}.`;
  return `${name} refused the request (${status}).`;
}

/** Longest error text kept on a `VendorError`. */
const DETAIL_CHARS = 300;

type Outcome =
  | { kind: 'answer'; status: number; headers: Headers; text: string }
  | { kind: 'unreachable'; error: unknown };

function urlOf(baseUrl: string, path: string, query: VendorCall<unknown>['query']): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

/** One attempt, bounded by the attempt timeout and the deadline, joined with the caller's signal. */
async function attempt(client: VendorClient, call: VendorCall<unknown>, url: URL, site: CallSite) {
  const remaining = call.deadline === undefined ? Infinity : call.deadline - client.now();
  const timeoutMs = Math.max(0, Math.min(client.attemptTimeoutMs, remaining));
  const timedOut = () =>
    new VendorError('UNAVAILABLE', site, { message: `${site.vendor} did not answer within ${timeoutMs} ms` });
  if (timeoutMs === 0) throw timedOut();
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(await client.headers?.()),
    ...call.headers,
  };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.rawBody !== undefined) headers['content-type'] = call.rawBody.contentType;
  try {
    const response = await client.fetch(url, {
      method: site.method,
      headers,
      body:
        call.rawBody !== undefined
          ? new Blob([new Uint8Array(call.rawBody.bytes)])
          : call.body === undefined
            ? undefined
            : JSON.stringify(call.body),
      signal,
    });
    // Read under the same signal: a vendor that sends its headers and then stalls is a hang too.
    const text = await response.text();
    return { kind: 'answer', status: response.status, headers: response.headers, text } satisfies Outcome;
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason;
    if (timeout.aborted) {
      client.log.warn({ ...site, timeoutMs }, 'vendor call timed out');
      throw timedOut();
    }
    return { kind: 'unreachable', error } satisfies Outcome;
  }
}

function readAnswer<T>(
  client: VendorClient,
  call: VendorCall<T>,
  site: CallSite,
  status: number,
  text: string,
) {
  const broken = (issues: ContractIssue[]) => {
    client.log.error({ ...site, status, issues }, 'vendor answer does not match its schema');
    return new VendorContractError(site, issues);
  };
  let data: unknown;
  if (text.trim() !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      throw broken([{ path: '', code: 'not_json' }]);
    }
  }
  const parsed = call.schema.safeParse(data);
  if (parsed.success) return parsed.data;
  throw broken(
    parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.code })),
  );
}

async function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await delay(ms, undefined, { signal });
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  }
}

/**
 * The call, retried while it is idempotent, the vendor says "later" (429, 502, 503, 504, or no connection)
 * and the wait fits before the deadline; a 401 refreshes the credentials once. Answers the parsed body or
 * throws a `VendorError` / `VendorContractError`.
 */
export async function sendVendorRequest<T>(client: VendorClient, call: VendorCall<T>): Promise<T> {
  const url = urlOf(client.baseUrl, call.path, call.query);
  const site: CallSite = { vendor: client.vendor, method: call.method ?? 'GET', path: url.pathname };
  const idempotent = site.method === 'GET' || site.method === 'HEAD' || call.readOnly === true;
  let refreshed = false;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    const outcome = await attempt(client, call, url, site);
    const status = outcome.kind === 'answer' ? outcome.status : undefined;
    if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
      return readAnswer(client, call, site, outcome.status, outcome.text);
    }
    if (status === 401 && client.refresh && !refreshed) {
      refreshed = true;
      attempts -= 1;
      client.log.info({ ...site, status }, 'vendor refused the credentials; refreshing them once');
      await client.refresh();
      continue;
    }
    const vendorWait =
      outcome.kind === 'answer'
        ? vendorWaitMs(outcome.headers, client.now(), client.rateLimitReset)
        : undefined;
    const detail = outcome.kind === 'answer' ? redactText(outcome.text.slice(0, DETAIL_CHARS)) : undefined;
    const code = status === undefined ? 'UNAVAILABLE' : codeForStatus(status);
    const failure = (message?: string) =>
      new VendorError(code, site, {
        status,
        detail,
        message,
        retryAfterMs: code === 'UNAVAILABLE' ? vendorWait : undefined,
        cause: outcome.kind === 'unreachable' ? outcome.error : undefined,
      });
    const retryable = idempotent && (status === undefined || RETRYABLE_STATUSES.has(status));
    if (!retryable || attempts >= client.backoff.attempts) {
      const level = code === 'UNAVAILABLE' ? 'warn' : 'info';
      client.log[level]({ ...site, status, attempts, retryAfterMs: vendorWait }, 'vendor call failed');
      throw failure(vendorFailureMessage(site.vendor, status, vendorWait));
    }
    const waitMs = vendorWait ?? backoffMs(attempts - 1, client.backoff, client.random);
    const pastDeadline = call.deadline !== undefined && client.now() + waitMs >= call.deadline;
    if (pastDeadline || waitMs > client.maxWaitMs) {
      client.log.warn(
        { ...site, status, waitMs },
        pastDeadline
          ? 'vendor call not retried: the wait ends past the deadline'
          : 'vendor call not retried: the vendor asked for a longer wait than the portal gives',
      );
      throw failure(vendorFailureMessage(site.vendor, status, vendorWait ?? waitMs));
    }
    client.log.info({ ...site, status, attempts, waitMs }, 'vendor call retried after a wait');
    await sleep(waitMs, call.signal);
  }
}
