/**
 * The web app's one way to call the API: same-origin cookies (the session cookie is HttpOnly, so the browser
 * sends it and no script ever sees it), JSON in and out, and the forced logout of spec section 4: any 401 whose
 * body is `{event: 'logout'}` tells the session feature that the server session is gone.
 *
 * One way in, `fetchApi`, which every `api/<verb-noun>.ts` module uses: it answers the checked body or throws one
 * error type, `ApiError`, whose status and code the forms turn into their messages.
 *
 * No validation library here: this file is in the initial bundle. `fetchApi` takes the check as a function
 * (the feature's zod contract's `parse`, loaded with the page or modal that needs it).
 */

interface ApiResult {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or `undefined` when the answer had none (or was not JSON). */
  body: unknown;
  /** The answer itself; its body is still unread when it is a stream of events. */
  response: Response;
}

interface ApiCallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as a JSON body (POST). */
  json?: unknown;
  /** Sent as it is, as `application/octet-stream` (a file upload: the server reads the type from the bytes). */
  file?: Blob;
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** The request outlives the page (a report sent as the user follows a link). */
  keepalive?: boolean;
  /** What the answer may be: JSON (the default) or, for {@link openApiStream}, server-sent events. */
  accept?: 'application/json' | 'text/event-stream';
}

/** Gets `performance.now()` of when the refused request started (see session-actions' forcedLogout). */
type SessionEndedHandler = (requestStartedAt: number) => void;
let sessionEndedHandler: SessionEndedHandler | null = null;

/**
 * Registers what happens when a call finds the session gone (the session feature's forced logout). Returns
 * the function that removes it again. Kept as a registration so this module imports no feature.
 */
export function onSessionEnded(handler: SessionEndedHandler): () => void {
  sessionEndedHandler = handler;
  return () => {
    if (sessionEndedHandler === handler) sessionEndedHandler = null;
  };
}

function isLogoutEvent(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { event?: unknown }).event === 'logout';
}

/** The `message` field of an error answer: a stable code for auth answers (AUTH_CODES), else a sentence. */
function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

function withQuery(path: string, query: Record<string, string | undefined> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const isEventStream = (response: Response): boolean =>
  (response.headers.get('content-type') ?? '').startsWith('text/event-stream');

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** Calls the API and answers status and body whatever the status, throwing only when no answer came. */
async function apiCall(path: string, options: ApiCallOptions = {}): Promise<ApiResult> {
  const { json, file, query, signal, keepalive, accept = 'application/json' } = options;
  const method = options.method ?? (json === undefined && file === undefined ? 'GET' : 'POST');
  const startedAt = performance.now();
  const headers: Record<string, string> = { accept };
  // No content type without a body: Fastify refuses an empty body that claims to be JSON.
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (file !== undefined) headers['content-type'] = 'application/octet-stream';
  const response = await fetch(withQuery(path, query), {
    method,
    credentials: 'same-origin',
    headers,
    body: file ?? (json === undefined ? undefined : JSON.stringify(json)),
    signal,
    keepalive,
  });
  const body = isEventStream(response) ? undefined : await readJson(response);
  if (response.status === 401 && isLogoutEvent(body)) sessionEndedHandler?.(startedAt);
  return { status: response.status, ok: response.ok, body, response };
}

const UNREACHABLE = 'The portal could not be reached.';

/**
 * The sentence of a call that got no answer (an `ApiError` of status 0): that the portal could not be reached,
 * then `next`, what the user does now (every such message reads the same way).
 */
export function unreachableMessage(next = 'Check your connection and try again.'): string {
  return `${UNREACHABLE} ${next}`;
}

/** Why a call of `fetchApi` gave no data: refused (4xx/5xx), unreachable (status 0) or off its contract (502). */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when no answer came (network down). */
    readonly status: number,
    /** The answer's `message` field: a stable code (AUTH_CODES) or a sentence for a person. */
    readonly code: string | undefined,
  ) {
    super(code ?? (status === 0 ? UNREACHABLE : `The request failed (${status}).`));
    this.name = 'ApiError';
  }
}

/** Whether a query should try again: not after a refusal the same call would get again (4xx). */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;
}

/** `apiCall` with `fetchApi`'s errors: unreachable is an `ApiError` of status 0, an abort is passed on. */
async function reachApi(path: string, options: ApiCallOptions): Promise<ApiResult> {
  try {
    return await apiCall(path, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, undefined);
  }
}

/**
 * Calls the API and answers the 2xx body as `read` checks it (a zod schema's `parse`); anything else throws an
 * `ApiError`. An abort is passed on as it is (React Query cancels queries so). A 2xx answer that `read`
 * refuses counts as a server error (502): the page shows "try again later", not a half-read answer.
 */
export async function fetchApi<T>(
  path: string,
  options: ApiCallOptions,
  read: (body: unknown) => T | Promise<T>,
): Promise<T> {
  const result = await reachApi(path, options);
  if (!result.ok) throw new ApiError(result.status, errorCode(result.body));
  try {
    return await read(result.body);
  } catch {
    throw new ApiError(502, undefined);
  }
}

/**
 * Calls the API for server-sent events (`Accept: text/event-stream`) and answers the open answer, whose body
 * the caller reads (lib/read-event-stream.ts). A refusal or failure throws the `ApiError` `fetchApi` would; an
 * answer that is not a stream counts as a server error (502).
 */
export async function openApiStream(
  path: string,
  options: Omit<ApiCallOptions, 'accept'>,
): Promise<Response> {
  const result = await reachApi(path, { ...options, accept: 'text/event-stream' });
  if (!result.ok) throw new ApiError(result.status, errorCode(result.body));
  if (!isEventStream(result.response)) throw new ApiError(502, undefined);
  return result.response;
}
