import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The part every vendor fake shares: a `node:http` server on 127.0.0.1 (port 0 unless one is given), a request
 * log, an injectable clock and failure injection. A fake supplies only its `handle` function (and what a
 * malformed answer of its vendor looks like); the harness runs injected failures before it, so a fake never
 * has to know about them.
 *
 * Control routes under `/__fake/` let another process (the Playwright run, through `start-all.ts`) drive a fake
 * it did not start. They are never logged and never failed:
 *
 *   GET    /__fake/ready             200 {url} (a readiness check for Playwright's `webServer`)
 *   GET    /__fake/log               200 {requests: LoggedRequest[]}
 *   DELETE /__fake/log               204, empties the log
 *   POST   /__fake/clock             {advanceMs} → 200 {now}
 *   POST   /__fake/fail              {n, status, headers?, body?} → 204
 *   POST   /__fake/hang              {n} → 204
 *   POST   /__fake/malformed         {n} → 204
 *   POST   /__fake/pass              {n} → 204 (the next n answered as usual, then what was injected after)
 *   DELETE /__fake/fail              204, drops every injection not used yet
 */

/** The fake's time: the real time plus an offset that tests move forward, or a fixed instant. */
export interface FakeClock {
  /** Milliseconds since the epoch, as the fake sees them. */
  now(): number;
  /** Moves the fake's time forward (or back, with a negative value). */
  advance(ms: number): void;
  /** Fixes the time at `epochMs`; it then moves only by `advance`. */
  freeze(epochMs: number): void;
}

export function createClock(): FakeClock {
  let offset = 0;
  let frozen: number | undefined;
  return {
    now: () => (frozen ?? Date.now()) + offset,
    advance: (ms) => {
      offset += ms;
    },
    freeze: (epochMs) => {
      frozen = epochMs;
      offset = 0;
    },
  };
}

/** One request as the fake saw it, and what it made of it. */
export interface LoggedRequest {
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  /** The query parameters, decoded (the last value of a repeated name). */
  query: Record<string, string>;
  /** The headers the fake chose to keep (lower-case names). */
  headers: Record<string, string>;
  /** The status answered; 0 while the request is open or when it was hung. */
  status: number;
  /**
   * What the fake decided, by name: for example `{signature: 'verified', auth: 'query'}`, or
   * `{injected: 'fail'}` for an injected failure.
   */
  outcome: Record<string, string>;
  /** When it arrived, on the fake's clock. */
  at: number;
  /** The request body as text, when the fake chose to keep it (a token request, to assert its parameters). */
  body?: string;
}

/** An answer given instead of the fake's own. */
export interface InjectedReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** What a fake's handler receives: the request with its body already read. */
export interface FakeRequest {
  method: string;
  /** The path as sent, still percent-encoded (a signature is computed over it). */
  rawPath: string;
  /** The query string as sent, without `?`. */
  rawQuery: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The request's log entry: the handler writes its `outcome` and may add headers. */
  entry: LoggedRequest;
}

export type FakeHandler = (request: FakeRequest, res: ServerResponse) => void | Promise<void>;

export interface FakeServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  clock?: FakeClock;
  /** Request headers copied into the log (lower-case). */
  loggedHeaders?: readonly string[];
  /** What `malformedNext` answers: a 200 whose body the vendor's client cannot parse. */
  malformed: InjectedReply;
  handle: FakeHandler;
  /**
   * The fake's own control routes, by `METHOD /__fake/name`: each gets the JSON body and answers 200 with what
   * it returns, or 204 when that is undefined.
   */
  controls?: Record<string, (input: Record<string, unknown>) => unknown>;
}

export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  clock: FakeClock;
  /** Every request except the control routes, oldest first. */
  log: LoggedRequest[];
  /** The next `n` requests answer `reply` (their bodies are read first). */
  failNext(n: number, reply: InjectedReply): void;
  /** The next `n` requests are read and never answered (until the client gives up or the fake stops). */
  hangNext(n: number): void;
  /** The next `n` requests answer the vendor's malformed body. */
  malformedNext(n: number): void;
  /** The next `n` requests are answered as usual: injections made after this call wait behind them. */
  passNext(n: number): void;
  /** Drops every injection not used yet (as `DELETE /__fake/fail`): the next request is answered as usual. */
  clearInjections(): void;
  stop(): Promise<void>;
}

type Injection =
  { kind: 'fail'; reply: InjectedReply } | { kind: 'hang' } | { kind: 'malformed' } | { kind: 'pass' };

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function reply(res: ServerResponse, answer: InjectedReply): void {
  res.writeHead(answer.status, answer.headers ?? {});
  res.end(answer.body ?? '');
}

/** A JSON answer (or an empty one without `body`): the control routes', and any JSON vendor fake's. */
export function sendJson(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Reads a JSON object body of a control route; anything else is an empty object. */
function controlBody(body: Buffer): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const count = (value: unknown): number => (typeof value === 'number' && value > 0 ? Math.floor(value) : 1);

export async function startFakeServer(options: FakeServerOptions): Promise<FakeServer> {
  const clock = options.clock ?? createClock();
  const log: LoggedRequest[] = [];
  const injections: Injection[] = [];
  const self = { url: '' };
  const inject = (n: number, injection: Injection) => {
    for (let i = 0; i < n; i++) injections.push(injection);
  };
  const clearInjections = () => {
    injections.length = 0;
  };

  const control = (method: string, path: string, body: Buffer, res: ServerResponse): void => {
    const input = controlBody(body);
    if (path === '/__fake/ready' && method === 'GET') return sendJson(res, 200, { url: self.url });
    if (path === '/__fake/log' && method === 'GET') return sendJson(res, 200, { requests: log });
    if (path === '/__fake/log' && method === 'DELETE') {
      log.length = 0;
      return sendJson(res, 204);
    }
    if (path === '/__fake/clock' && method === 'POST') {
      clock.advance(typeof input.advanceMs === 'number' ? input.advanceMs : 0);
      return sendJson(res, 200, { now: clock.now() });
    }
    if (path === '/__fake/fail' && method === 'POST' && typeof input.status === 'number') {
      inject(count(input.n), {
        kind: 'fail',
        reply: {
          status: input.status,
          headers: (input.headers as Record<string, string> | undefined) ?? {},
          body: typeof input.body === 'string' ? input.body : '',
        },
      });
      return sendJson(res, 204);
    }
    if (path === '/__fake/fail' && method === 'DELETE') {
      clearInjections();
      return sendJson(res, 204);
    }
    if (path === '/__fake/hang' && method === 'POST') {
      inject(count(input.n), { kind: 'hang' });
      return sendJson(res, 204);
    }
    if (path === '/__fake/malformed' && method === 'POST') {
      inject(count(input.n), { kind: 'malformed' });
      return sendJson(res, 204);
    }
    if (path === '/__fake/pass' && method === 'POST') {
      inject(count(input.n), { kind: 'pass' });
      return sendJson(res, 204);
    }
    const own = options.controls?.[`${method} ${path}`];
    if (own) {
      const answer = own(input);
      return answer === undefined ? sendJson(res, 204) : sendJson(res, 200, answer);
    }
    return sendJson(res, 404, { error: 'no such control route' });
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = req.url ?? '/';
    const mark = target.indexOf('?');
    const rawPath = mark === -1 ? target : target.slice(0, mark);
    const rawQuery = mark === -1 ? '' : target.slice(mark + 1);
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    if (rawPath.startsWith('/__fake/')) return control(method, rawPath, body, res);

    const query = new URLSearchParams(rawQuery);
    const headers: Record<string, string> = {};
    for (const name of options.loggedHeaders ?? []) {
      const value = req.headers[name];
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const entry: LoggedRequest = {
      method,
      path: rawPath,
      query: Object.fromEntries(query),
      headers,
      status: 0,
      outcome: {},
      at: clock.now(),
    };
    log.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });

    const injection = injections.shift();
    if (injection?.kind === 'pass') {
      await options.handle({ method, rawPath, rawQuery, query, headers: req.headers, body, entry }, res);
      return;
    }
    if (injection?.kind === 'hang') {
      entry.outcome.injected = 'hang';
      return;
    }
    if (injection) {
      entry.outcome.injected = injection.kind;
      return reply(res, injection.kind === 'fail' ? injection.reply : options.malformed);
    }
    await options.handle({ method, rawPath, rawQuery, query, headers: req.headers, body, entry }, res);
  };

  const server: Server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  self.url = `http://127.0.0.1:${port}`;

  return {
    url: self.url,
    port,
    clock,
    log,
    failNext: (n, answer) => inject(n, { kind: 'fail', reply: answer }),
    hangNext: (n) => inject(n, { kind: 'hang' }),
    malformedNext: (n) => inject(n, { kind: 'malformed' }),
    passNext: (n) => inject(n, { kind: 'pass' }),
    clearInjections,
    stop: () =>
      new Promise<void>((resolve) => {
        // Hung requests keep their sockets open: close them, or `close` would wait for them forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
