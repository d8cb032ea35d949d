import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../../src/server/app.js';
import { openDatabase, pingDatabase, type DatabaseHandle } from '../../../src/server/db/client.js';
import { loadEnv } from '../../../src/server/env.js';
import { SESSION_COOKIE } from '../../../src/server/plugins/sessions.js';
import { shutDown } from '../../../src/server/shutdown.js';
import { startFreezableProxy, type FreezableProxy } from '../../support/freezable-proxy.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';
import { MISSING_DIST_DIR, testConfig } from '../../support/test-app.js';

/**
 * Every request ends in bounded time: a client that sends half a body, a database that stops answering and a
 * shutdown with a stuck client all end within the configured limits.
 */

// The bounds below are the configured timeouts plus a wide margin: the machines are shared, and what is
// proven is that an answer comes at all, where before these fixes none came for minutes or ever.
const MARGIN_MS = 6000;
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const silentLog = { warn: () => undefined, info: () => undefined, error: () => undefined };
/** Any well-formed session token: the sessions plugin looks it up in the database. */
const SESSION = { cookie: `${SESSION_COOKIE}=${'a'.repeat(43)}` };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appOn(db: DatabaseHandle, env: Record<string, string>): Promise<App> {
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', ...env }),
    config: await testConfig(),
    database: db,
    distDir: MISSING_DIST_DIR,
  });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

async function testDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  return database;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** Listens on a free port of the loopback address; answers the port. */
async function listenLocally(app: App): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Sends the headers and part of the body, then nothing; answers what the server did and when. */
async function sendHalfABody(port: number): Promise<{ status: string; ms: number }> {
  const started = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += String(chunk);
  });
  socket.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n' +
      'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"cust',
  );
  await new Promise((resolve) => socket.on('close', resolve));
  return { status: received.split('\r\n')[0] ?? '', ms: performance.now() - started };
}

describe('a client that sends half a body', () => {
  it('is answered 408 and disconnected once no byte came for BODY_IDLE_TIMEOUT_MS', async () => {
    const database = await testDatabase();
    const app = await appOn(database.handle, { BODY_IDLE_TIMEOUT_MS: '1000' });
    const { status, ms } = await sendHalfABody(await listenLocally(app));
    expect(status).toBe('HTTP/1.1 408 Request Timeout');
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(1000 + MARGIN_MS);
  });
});

describe('a graceful shutdown with a stuck client', () => {
  it('cuts the client after the grace period and closes the database', async () => {
    const database = await testDatabase();
    // The body rules would cut the client by themselves: only the shutdown may end it here.
    const app = await appOn(database.handle, {
      BODY_IDLE_TIMEOUT_MS: '600000',
      BODY_RATE_GRACE_MS: '600000',
    });
    const client = sendHalfABody(await listenLocally(app));
    // Shut down only once the server holds the stuck connection.
    await vi.waitFor(
      async () =>
        expect(
          await new Promise<number>((resolve, reject) =>
            app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
          ),
        ).toBe(1),
      { timeout: 5_000, interval: 20 },
    );
    const { ms } = await timed(() =>
      shutDown({ app, database: database.handle, log: silentLog as never, connectionsGraceMs: 300 }),
    );
    expect(ms).toBeLessThan(300 + MARGIN_MS);
    expect((await client).ms).toBeLessThan(300 + MARGIN_MS);
    await expect(pingDatabase(database.db)).rejects.toThrow();
  });
});

/** `/api/zendesk/me` with a session cookie and `/readyz` both need the database. */
async function expect503Within(app: App, limitMs: number): Promise<void> {
  for (const request of [
    { method: 'GET' as const, url: '/api/zendesk/me', headers: SESSION },
    { method: 'GET' as const, url: '/readyz' },
  ]) {
    const { value: res, ms } = await timed(() => app.inject(request));
    expect(res.statusCode, `${request.url}: ${res.body}`).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // The API error of the deadline or the error handler, or the readiness probe's `{status: 'unavailable'}`.
    const body = res.json<{ error?: string; status?: string }>();
    expect(body.error ?? body.status, res.body).toMatch(/Service Unavailable|unavailable/);
    expect(ms, request.url).toBeLessThan(limitMs);
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL server that stops answering', () => {
  async function frozenPostgres(timeouts: { statementMs: number; acquireMs: number }) {
    const database = await testDatabase();
    const url = new URL(database.url ?? '');
    const proxy: FreezableProxy = await startFreezableProxy({
      host: url.hostname,
      port: Number(url.port || 5432),
    });

    url.host = `127.0.0.1:${proxy.port}`;
    const handle = await openDatabase({ location: { url: url.toString() }, timeouts, poolMax: 2 });
    // Closing the proxy first breaks the frozen connections, so the pool can end.
    cleanups.push(async () => {
      await proxy.close();
      await handle.close();
    });
    await pingDatabase(handle.db);
    proxy.freeze();
    return handle;
  }

  it('gets a 503 JSON at the request deadline', async () => {
    const handle = await frozenPostgres({ statementMs: 30_000, acquireMs: 30_000 });
    const app = await appOn(handle, { REQUEST_DEADLINE_MS: '800' });
    await expect503Within(app, 800 + MARGIN_MS);
  });

  it('gets a 503 JSON when the driver gives up on the frozen connection', async () => {
    const handle = await frozenPostgres({ statementMs: 300, acquireMs: 300 });
    const app = await appOn(handle, { REQUEST_DEADLINE_MS: '60000' });
    await expect503Within(app, 2300 + MARGIN_MS);
  });
});

// Runs in both passes: it opens an embedded database of its own whatever TEST_DATABASE_URL says, so the
// PostgreSQL pass (which is also the Node 24 pass) checks it under production's Node too.
describe('an embedded database held by a transaction that never ends', () => {
  async function heldPglite(acquireMs: number) {
    const handle = await openDatabase({
      location: { memory: true },
      timeouts: { statementMs: 1000, acquireMs },
    });
    if (handle.driver !== 'pglite') throw new Error('expected PGlite');
    let release: () => void = () => undefined;
    const held = handle.client.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    cleanups.push(async () => {
      release();
      await held;
      await handle.close();
    });
    return handle;
  }

  it('gets a 503 JSON at the request deadline', async () => {
    const app = await appOn(await heldPglite(60_000), { REQUEST_DEADLINE_MS: '800' });
    await expect503Within(app, 800 + MARGIN_MS);
  });

  it('gets a 503 JSON when the wait for the database passes the acquire timeout', async () => {
    const app = await appOn(await heldPglite(300), { REQUEST_DEADLINE_MS: '60000' });
    await expect503Within(app, 300 + MARGIN_MS);
  });
});
