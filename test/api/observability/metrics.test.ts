import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { SOURCE_KEYS } from '../../../src/common/contracts/search.js';
import { openEventStream, type EventStreamReader } from '../../support/event-stream.js';
import { ANONYMOUS, callerOf, createNoticeAs, getAs, postAs, type Caller } from '../../support/notices.js';
import { searchUrl } from '../../support/search.js';
import { useTestApp } from '../../support/use-test-app.js';
import { parseExposition, samplesOf, type Exposition } from './prometheus-text.js';

/**
 * `GET /metrics` after a few requests: the text parses, and it holds each family the operators read (requests
 * per route pattern, search per source, breakers, live streams and their events, sessions, content sync, the
 * process), counted from what the app just did.
 */

/** In the helpers' port range: the stream needs a real connection (an injected request never ends). */
const PORT = 5100;
const NOTICE_STREAM = apiPaths.notices.events;

const t = useTestApp({ seed: false });
let customer: Caller;
let admin: Caller;
let baseUrl = '';
const open: EventStreamReader[] = [];

async function scrape(): Promise<Exposition> {
  const res = await t.app.inject({ method: 'GET', url: apiPaths.system.metrics });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

const valueOf = (exposition: Exposition, name: string, labels: Record<string, string>): number =>
  samplesOf(exposition, name, labels).reduce((sum, sample) => sum + sample.value, 0);

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  customer = await callerOf(t.app, 'customer');
  admin = await callerOf(t.app, 'admin');
  baseUrl = await t.app.listen({ port: PORT, host: '127.0.0.1' });
});

afterAll(() => {
  for (const reader of open) reader.close();
});

describe('GET /metrics', () => {
  it('counts requests by route pattern, method and status class, never by raw URL', async () => {
    expect((await getAs(t.app, customer, '/api/tickets/424242')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing-9137' })).statusCode).toBe(404);
    const exposition = await scrape();
    expect(exposition.types.get('portal_http_request_duration_seconds')).toBe('histogram');
    const ticket = { route: '/api/tickets/:id', method: 'GET', status_class: '4xx' };
    expect(valueOf(exposition, 'portal_http_request_duration_seconds_count', ticket)).toBe(1);
    expect(
      valueOf(exposition, 'portal_http_request_duration_seconds_bucket', { ...ticket, le: '+Inf' }),
    ).toBe(1);
    expect(
      valueOf(exposition, 'portal_http_request_duration_seconds_count', { route: '(unmatched)' }),
    ).toBeGreaterThanOrEqual(1);
    const routes = new Set(exposition.samples.map((sample) => sample.labels.route).filter(Boolean));
    expect([...routes].filter((route) => /424242|9137/.test(route ?? ''))).toEqual([]);
  });

  it('counts the answers the kept replay sends before Fastify under the route they were kept for', async () => {
    const url = `${baseUrl}${apiPaths.aggregator.latestKb}`;
    const route = { route: apiPaths.aggregator.latestKb, method: 'GET', status_class: '2xx' };
    const before = valueOf(await scrape(), 'portal_http_request_duration_seconds_count', route);
    // The first answer goes through the app and is kept; the next ones are replayed by the HTTP server.
    for (let i = 0; i < 3; i += 1) expect((await fetch(url)).status).toBe(200);
    expect(valueOf(await scrape(), 'portal_http_request_duration_seconds_count', route)).toBe(before + 3);
  });

  it('times each search source and reports every breaker state', async () => {
    const res = await postAs(t.app, ANONYMOUS, searchUrl('controller upgrade'), {});
    expect(res.statusCode, res.body).toBe(200);
    const exposition = await scrape();
    expect(exposition.types.get('portal_search_source_duration_seconds')).toBe('histogram');
    // Visitors search the knowledge base, documentation and community.
    for (const source of ['zendesk', 'git', 'forumbee']) {
      expect(
        valueOf(exposition, 'portal_search_source_duration_seconds_count', { source, status: 'ok' }),
        source,
      ).toBeGreaterThanOrEqual(1);
    }
    for (const source of SOURCE_KEYS) {
      expect(valueOf(exposition, 'portal_search_breaker_state', { source, state: 'closed' }), source).toBe(1);
      expect(valueOf(exposition, 'portal_search_breaker_state', { source, state: 'open' }), source).toBe(0);
    }
  });

  it('shows a live notice stream while it is open and counts the events it was sent', async () => {
    const reader = await openEventStream(`${baseUrl}${NOTICE_STREAM}`, customer.headers);
    open.push(reader);
    expect(reader.status).toBe(200);
    await reader.next((event) => event.event === 'ready', 5000);
    await createNoticeAs(t.app, admin);
    await reader.next((event) => event.event === 'notice', 5000);

    const during = await scrape();
    expect(valueOf(during, 'portal_live_streams_open', { stream: NOTICE_STREAM })).toBe(1);
    expect(valueOf(during, 'portal_live_events_sent_total', { stream: NOTICE_STREAM, event: 'ready' })).toBe(
      1,
    );
    expect(valueOf(during, 'portal_live_events_sent_total', { stream: NOTICE_STREAM, event: 'notice' })).toBe(
      1,
    );

    reader.close();
    await eventually(
      async () => valueOf(await scrape(), 'portal_live_streams_open', { stream: NOTICE_STREAM }) === 0,
      5000,
    );
  });

  it('reads the active sessions, the content sync state and the process from prom-client', async () => {
    const exposition = await scrape();
    // The customer and the admin of this file, each signed in once.
    expect(valueOf(exposition, 'portal_sessions_active', {})).toBe(2);
    // No vendor feed is configured here: the families are declared, with no source to report.
    expect(exposition.types.get('portal_content_sync_running')).toBe('gauge');
    expect(exposition.types.get('portal_content_sync_last_success_timestamp_seconds')).toBe('gauge');
    expect(samplesOf(exposition, 'portal_nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(valueOf(exposition, 'portal_nodejs_heap_size_used_bytes', {})).toBeGreaterThan(0);
  });

  it('is exposed from a registry of its own per app: a second app in the process starts from zero', async () => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.system.metrics });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('nodejs_heap_size_used_bytes{'); // prom-client's unprefixed defaults stay out
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
