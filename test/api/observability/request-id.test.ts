import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { REQUEST_ID_HEADER, requestLogMixin } from '../../../src/server/plugins/request-id.js';
import { callerOf, type Caller } from '../../support/callers.js';
import { SAME_ORIGIN } from '../../support/http.js';
import { FIXTURE_DIST_DIR } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Every answer carries `x-request-id` (an API 404, a refusal, an error, a page, a static file, a live stream),
 * and every log line written while a request is served names it, also one written through the app's own
 * logger by code that holds no request.
 */

/** In the helpers' port range: a live stream's headers need a real connection. */
const PORT = 5101;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const lines: Record<string, unknown>[] = [];
const rawLines: string[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      rawLines.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});
// The same options main.ts gives its logger, written to memory (synchronously: a stream, not a file).
const logger = pino({ level: 'info', mixin: requestLogMixin }, captured);

const t = useTestApp({
  seed: false,
  logger,
  distDir: FIXTURE_DIST_DIR,
  extend: (app) => {
    // Work of the kind a service does: after a wait, logged through the app's logger, which holds no request.
    app.get('/probe/app-log', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      app.log.info('probe: after a wait');
      return { ok: true };
    });
    // After a body was read from the socket, which Fastify goes on with from the socket's events.
    app.post('/probe/app-log', async () => {
      await Promise.resolve();
      app.log.info('probe: after the body');
      return { ok: true };
    });
    app.get('/probe/fails', async () => {
      throw new Error('probe failure');
    });
  },
});
let customer: Caller;
let baseUrl = '';

beforeAll(async () => {
  customer = await callerOf(t.app, 'customer');
  baseUrl = await t.app.listen({ port: PORT, host: '127.0.0.1' });
});

afterAll(() => {
  captured.destroy();
});

const linesOf = (message: string) => lines.filter((line) => line.msg === message);

describe('the request id header', () => {
  it('keeps a sane incoming id and makes one otherwise', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-7f3a' },
    });
    expect(kept.headers[REQUEST_ID_HEADER]).toBe('lb-7f3a');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\twith "quotes"' },
    });
    expect(forged.headers[REQUEST_ID_HEADER]).toMatch(UUID);
  });

  it('is on an API 404, a validation error, an unexpected error and a static file that is missing', async () => {
    const answers = {
      apiNotFound: await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      invalid: await t.app.inject({
        method: 'POST',
        url: `${apiPaths.aggregator.search}?searchValue=${'x'.repeat(5000)}`,
        headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
        payload: '{}',
      }),
      failed: await t.app.inject({ method: 'GET', url: '/probe/fails' }),
      missingAsset: await t.app.inject({ method: 'GET', url: '/assets/missing-0000.js' }),
      badUrl: await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' }),
    };
    expect(answers.apiNotFound.statusCode).toBe(404);
    expect(answers.invalid.statusCode).toBe(400);
    expect(answers.failed.statusCode).toBe(500);
    expect(answers.missingAsset.statusCode).toBe(404);
    expect(answers.badUrl.statusCode).toBe(400);
    for (const [name, res] of Object.entries(answers)) {
      expect(String(res.headers[REQUEST_ID_HEADER]), name).toMatch(UUID);
    }
  });

  it('is on a page, a static file and a live stream', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-request-id': 'page-1' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers[REQUEST_ID_HEADER]).toBe('page-1');
    const file = await t.app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'x-request-id': 'file-1' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers[REQUEST_ID_HEADER]).toBe('file-1');

    const abort = new AbortController();
    const stream = await fetch(`${baseUrl}${apiPaths.notices.events}`, {
      headers: { ...customer.headers, accept: 'text/event-stream', 'x-request-id': 'stream-1' },
      signal: abort.signal,
    });
    abort.abort();
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get(REQUEST_ID_HEADER)).toBe('stream-1');
  });
});

describe('log lines of a request', () => {
  it("name the request's id, also when written through the app's logger, after a wait or a body", async () => {
    const get = await t.app.inject({ method: 'GET', url: '/probe/app-log' });
    const post = await t.app.inject({
      method: 'POST',
      url: '/probe/app-log',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ some: 'body' }),
    });
    expect(get.statusCode).toBe(200);
    expect(post.statusCode).toBe(200);
    expect(linesOf('probe: after a wait').map((line) => line.reqId)).toEqual([
      get.headers[REQUEST_ID_HEADER],
    ]);
    expect(linesOf('probe: after the body').map((line) => line.reqId)).toEqual([
      post.headers[REQUEST_ID_HEADER],
    ]);
  });

  it("name it once in the request's own line, and lines outside a request name none", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'x-request-id': 'once-1' },
    });
    expect(res.statusCode).toBe(404);
    const completed = rawLines.filter((line) => line.includes('"once-1"'));
    expect(completed.length).toBeGreaterThan(0);
    for (const line of completed) expect(line.match(/"reqId"/g)).toHaveLength(1);
    t.app.log.info('probe: outside any request');
    expect(linesOf('probe: outside any request').map((line) => line.reqId)).toEqual([undefined]);
  });
});
