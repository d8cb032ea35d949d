import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { EMPTY_VOCABULARY } from '../../support/empty-vocabulary.js';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createVendorHttp,
  VendorContractError,
  VendorError,
  type VendorHttpOptions,
} from '../../../src/server/connectors/vendor-http.js';
import { SearchService } from '../../../src/server/services/search/federated-search.js';
import type { DocsHit, SearchSource, SearchSources } from '../../../src/server/services/search/types.js';

/**
 * The vendor HTTP helper against a real HTTP server on 127.0.0.1: each test queues the answers the server
 * gives (then 200 `{"ok":true}`) and reads what the server saw.
 */
type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';
interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

function startVendorServer() {
  const seen: Seen[] = [];
  const replies: Reply[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
      });
      const reply = replies.shift() ?? { status: 200, body: '{"ok":true}' };
      if (reply === 'hang') return;
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(reply.body ?? '');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    seen,
    replies,
    async start() {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

const TOKEN = 'secret-token-123';
const okSchema = z.object({ ok: z.literal(true) });
const vendor = startVendorServer();
let baseUrl = '';
let logLines: string[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });

/** A client as an adapter builds one: its token on every call, no jitter (so no backoff wait). */
function client(options: Partial<VendorHttpOptions> = {}) {
  return createVendorHttp({
    vendor: 'zendesk',
    baseUrl,
    log,
    headers: () => ({ authorization: `Bearer ${TOKEN}` }),
    random: () => 0,
    ...options,
  });
}

/** The error a call rejected with (a call that resolves fails the test). */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    (value) => expect.unreachable(`resolved with ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
}

/** A fixed clock a test moves by hand. */
function manualClock(iso: string) {
  const clock = { at: Date.parse(iso), now: () => clock.at };
  return clock;
}

beforeAll(async () => {
  baseUrl = await vendor.start();
});
afterAll(() => vendor.stop());
beforeEach(() => {
  vendor.seen.length = 0;
  vendor.replies.length = 0;
  logLines = [];
});

describe('vendor-http waits', () => {
  it('retries a 429 with Retry-After: 1 after a second, and succeeds', async () => {
    // Zendesk's 429 is text/plain (support.zendesk.com community post 4600766234138).
    vendor.replies.push({
      status: 429,
      headers: { 'content-type': 'text/plain', 'retry-after': '1' },
      body: 'Number of allowed API requests per minute exceeded',
    });
    const started = performance.now();
    const answer = await client().request({ path: '/api/v2/users/me.json', schema: okSchema });
    expect(answer).toEqual({ ok: true });
    expect(vendor.seen).toHaveLength(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('fails at once when the vendor asks for a wait longer than the portal gives, even with no deadline', async () => {
    vendor.replies.push({ status: 429, headers: { 'retry-after': '3600' }, body: '{}' });
    const started = performance.now();
    const error = await failureOf(client().request({ path: '/api/v2/users/me.json', schema: okSchema }));
    expect(performance.now() - started).toBeLessThan(500);
    expect(error).toMatchObject({
      code: 'UNAVAILABLE',
      retryAfterMs: 3_600_000,
      message:
        "Zendesk is limiting the portal's requests (429 Too Many Requests); it may be asked again in about 60 minutes.",
    });
    expect(vendor.seen).toHaveLength(1);
  });

  it('fails at once with UNAVAILABLE and retryAfterMs when Retry-After: 30 does not fit a 2 s budget', async () => {
    vendor.replies.push({ status: 429, headers: { 'retry-after': '30' }, body: '{}' });
    const started = performance.now();
    const error = await failureOf(
      client().request({ path: '/api/v2/users/me.json', schema: okSchema, deadline: Date.now() + 2000 }),
    );
    expect(performance.now() - started).toBeLessThan(500);
    expect(error).toBeInstanceOf(VendorError);
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryAfterMs: 30_000, status: 429 });
    expect(vendor.seen).toHaveLength(1);
  });

  it('reads an HTTP-date Retry-After on the client clock', async () => {
    const clock = manualClock('2026-11-27T12:00:00Z');
    vendor.replies.push({ status: 503, headers: { 'retry-after': 'Fri, 27 Nov 2026 12:00:45 GMT' } });
    const error = await failureOf(
      client({ now: clock.now }).request({ path: '/x', schema: okSchema, deadline: clock.at + 2000 }),
    );
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryAfterMs: 45_000, status: 503 });
  });

  it("reads X-RateLimit-Reset as GitBook's epoch seconds and as Jira's ISO time", async () => {
    const clock = manualClock('2026-11-27T12:00:00Z');
    // GitBook's documented 429: X-RateLimit-* headers, this body, no Retry-After
    // (https://gitbook.com/docs/developers/gitbook-api/rate-limiting).
    const gitbook429 = (resetSeconds: number): Reply => ({
      status: 429,
      headers: {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(resetSeconds),
      },
      body: '{"error":{"code":429,"message":"API rate limit exceeded. Please try again in 60 seconds"}}',
    });
    const gitbook = client({ vendor: 'gitbook', now: clock.now, rateLimitReset: 'epoch-seconds' });
    vendor.replies.push(gitbook429(clock.at / 1000 + 60));
    expect(
      await failureOf(
        gitbook.request({ path: '/v1/orgs/o/sites', schema: okSchema, deadline: clock.at + 2000 }),
      ),
    ).toMatchObject({ code: 'UNAVAILABLE', retryAfterMs: 60_000 });
    // A window that has already reset: retried at once.
    vendor.replies.push(gitbook429(clock.at / 1000));
    expect(
      await gitbook.request({ path: '/v1/orgs/o/sites', schema: okSchema, deadline: clock.at + 2000 }),
    ).toEqual({
      ok: true,
    });

    // Jira: yyyy-MM-ddTHH:mmZ (https://developer.atlassian.com/cloud/jira/platform/rate-limiting).
    vendor.replies.push({ status: 429, headers: { 'x-ratelimit-reset': '2026-11-27T12:01Z' } });
    const jira = client({ vendor: 'jira', now: clock.now, rateLimitReset: 'iso-time' });
    expect(
      await failureOf(
        jira.request({
          method: 'POST',
          path: '/rest/api/3/search/jql',
          readOnly: true,
          body: { jql: 'project = NET' },
          schema: okSchema,
          deadline: clock.at + 2000,
        }),
      ),
    ).toMatchObject({ code: 'UNAVAILABLE', retryAfterMs: 60_000 });
  });
});

describe('vendor-http retries', () => {
  const unavailable: Reply = { status: 503, body: '{"error":"busy"}' };

  it('retries a 503 for a GET and a read-only POST, never for a creating POST', async () => {
    vendor.replies.push(unavailable, unavailable);
    expect(await client().request({ path: '/items', schema: okSchema })).toEqual({ ok: true });
    expect(vendor.seen).toHaveLength(3);

    vendor.seen.length = 0;
    vendor.replies.push(unavailable);
    const search = {
      method: 'POST',
      path: '/search/jql',
      readOnly: true,
      body: {},
      schema: okSchema,
    } as const;
    expect(await client().request(search)).toEqual({ ok: true });
    expect(vendor.seen).toHaveLength(2);

    vendor.seen.length = 0;
    vendor.replies.push(unavailable);
    const error = await failureOf(
      client().request({ method: 'POST', path: '/api/v2/users.json', body: { user: {} }, schema: okSchema }),
    );
    expect(error).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    expect(vendor.seen).toHaveLength(1);
  });

  it('gives up after 3 attempts with UNAVAILABLE, reading a text/plain body as text', async () => {
    const zendesk429: Reply = {
      status: 429,
      headers: { 'content-type': 'text/plain', 'retry-after': '0' },
      body: 'Number of allowed API requests per minute exceeded',
    };
    vendor.replies.push(zendesk429, zendesk429, zendesk429);
    const error = await failureOf(client().request({ path: '/items', schema: okSchema }));
    expect(error).toMatchObject({
      code: 'UNAVAILABLE',
      status: 429,
      detail: 'Number of allowed API requests per minute exceeded',
    });
    expect(vendor.seen).toHaveLength(3);
  });

  it('ends a hang at the deadline, and at once when the caller aborts', async () => {
    vendor.replies.push('hang');
    let started = performance.now();
    const error = await failureOf(
      client().request({ path: '/slow', schema: okSchema, deadline: Date.now() + 300 }),
    );
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ code: 'UNAVAILABLE' });
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1000);

    vendor.replies.push('hang');
    const caller = new AbortController();
    const reason = new Error('the search stopped waiting');
    setTimeout(() => caller.abort(reason), 100);
    started = performance.now();
    expect(
      await failureOf(client().request({ path: '/slow', schema: okSchema, signal: caller.signal })),
    ).toBe(reason);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('vendor-http answers', () => {
  it('refuses a body that fails its schema as a contract error, logged without body or token', async () => {
    vendor.replies.push({ status: 200, body: `{"id":"not-a-number","token":"${TOKEN}"}` });
    const error = await failureOf(
      client().request({
        path: '/api/v2/users/me.json',
        query: { access_token: TOKEN },
        schema: z.object({ id: z.number() }),
      }),
    );
    expect(vendor.seen[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(error).toBeInstanceOf(VendorContractError);
    expect(error).toMatchObject({
      code: 'UNAVAILABLE',
      vendor: 'zendesk',
      method: 'GET',
      path: '/api/v2/users/me.json',
      issues: [{ path: 'id', code: 'invalid_type' }],
    });
    const line = logLines.find((text) => text.includes('does not match its schema'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      vendor: 'zendesk',
      method: 'GET',
      path: '/api/v2/users/me.json',
    });
    expect(logLines.join('\n')).not.toContain(TOKEN);
    expect(logLines.join('\n')).not.toContain('not-a-number');

    vendor.replies.push({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<html>sign in</html>',
    });
    expect(await failureOf(client().request({ path: '/x', schema: okSchema }))).toMatchObject({
      issues: [{ path: '', code: 'not_json' }],
    });
  });

  it('maps statuses onto the service codes', async () => {
    const cases = [
      [400, 'INVALID_INPUT'],
      [422, 'INVALID_INPUT'],
      [401, 'UNAUTHENTICATED'],
      [403, 'FORBIDDEN'],
      [404, 'NOT_FOUND'],
      [410, 'UNAVAILABLE'],
    ] as const;
    for (const [status, code] of cases) {
      vendor.replies.push({ status, body: `{"errorMessages":["status ${status}"]}` });
      const error = await failureOf(client().request({ path: '/x', schema: okSchema }));
      expect(error).toMatchObject({ code, status, detail: `{"errorMessages":["status ${status}"]}` });
      expect(error).not.toHaveProperty('retryAfterMs', expect.any(Number));
    }
    expect(vendor.seen).toHaveLength(cases.length);
  });

  it('on a 401 calls the refresh hook once and sends the new token, then gives up with UNAUTHENTICATED', async () => {
    let token = 'expired-token';
    let refreshes = 0;
    const jira = client({
      vendor: 'jira',
      headers: () => ({ authorization: `Bearer ${token}` }),
      refresh: async () => {
        refreshes += 1;
        token = `fresh-token-${refreshes}`;
      },
    });
    vendor.replies.push({ status: 401, body: '{"message":"Unauthorized"}' });
    expect(await jira.request({ path: '/me', schema: okSchema })).toEqual({ ok: true });
    expect(refreshes).toBe(1);
    expect(vendor.seen.map((seen) => seen.authorization)).toEqual([
      'Bearer expired-token',
      'Bearer fresh-token-1',
    ]);

    vendor.replies.push({ status: 401 }, { status: 401 });
    expect(await failureOf(jira.request({ path: '/me', schema: okSchema }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(refreshes).toBe(2);
    expect(vendor.seen).toHaveLength(4);
  });
});

describe('the breaker of a rate-limited source', () => {
  const clock = manualClock('2026-11-27T12:00:00Z');
  const searcher = { actor: null, userId: null, email: null };
  const hit: DocsHit = {
    id: 1,
    title: 'Gateway',
    domain: 'docs.example.com',
    path: '/gateway',
    updatedAt: new Date(clock.at),
    snippet: 'gateway',
  };
  const empty: SearchSource<never> = { search: async () => ({ count: 0, hits: [] }) };
  const gitbook = () => client({ vendor: 'gitbook', now: clock.now, rateLimitReset: 'epoch-seconds' });
  /** A documentation source over the vendor, with the search's 2 s budget. */
  const git: SearchSource<DocsHit> = {
    search: async ({ query, signal }) => {
      await gitbook().request({
        path: '/v1/spaces/s/search',
        query: { query },
        schema: okSchema,
        signal,
        deadline: clock.at + 2000,
      });
      return { count: 3, hits: [hit, hit, hit] };
    },
  };
  const sources: SearchSources = {
    zendesk: empty,
    git,
    forumbee: empty,
    zendeskRequests: empty,
    zendeskTickets: empty,
    jiraIssues: empty,
  };
  const service = () =>
    new SearchService({
      sources,
      categorySource: () => empty,
      clearCaches: () => {},
      vocabulary: EMPTY_VOCABULARY,
      timeoutMs: 2000,
      breaker: { failureThreshold: 2, cooldownMs: 1000, now: clock.now },
      log: pino({ level: 'silent' }),
    });
  const searchDocs = (search: SearchService) =>
    search.searchOne(searcher, 'git', { query: 'gateway', page: 1 });

  it('stays open until retryAfterMs has passed, longer than its cool-down', async () => {
    const search = service();
    const rateLimited: Reply = { status: 429, headers: { 'retry-after': '30' } };
    vendor.replies.push(rateLimited, rateLimited);
    for (let i = 0; i < 2; i += 1)
      await expect(searchDocs(search)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(search.breakerState('git')).toBe('open');
    expect(vendor.seen).toHaveLength(2);

    clock.at += 1000;
    expect(search.breakerState('git')).toBe('open');
    await expect(searchDocs(search)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(vendor.seen).toHaveLength(2);

    clock.at += 29_000;
    expect(search.breakerState('git')).toBe('half-open');
    expect((await searchDocs(search)).count).toBe(3);
    expect(vendor.seen).toHaveLength(3);
    expect(search.breakerState('git')).toBe('closed');
  });

  it("does not count a vendor's 400 for one query", async () => {
    const search = service();
    for (let i = 0; i < 4; i += 1) {
      vendor.replies.push({
        status: 400,
        body: '{"errorMessages":["Unbounded JQL queries are not allowed here."]}',
      });
      await expect(searchDocs(search)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    }
    expect(vendor.seen).toHaveLength(4);
    expect(search.breakerState('git')).toBe('closed');
  });
});
