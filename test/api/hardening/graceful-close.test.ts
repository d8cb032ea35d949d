import net from 'node:net';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../../src/server/app.js';
import { loadEnv } from '../../../src/server/env.js';
import { shutDown } from '../../../src/server/shutdown.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';
import { MISSING_DIST_DIR, testConfig } from '../../support/test-app.js';

/**
 * A request that reaches a closing instance on a connection already open (a proxy's keep-alive connection) is
 * served and the connection closed after it, not refused with 503: a proxy resends a refused GET to another
 * instance but not a POST, whose 503 the client would see (test/faults/sigterm.faults.test.ts under load).
 */

let database: TestDatabase | undefined;
afterAll(async () => {
  await database?.close();
});

async function listeningApp(): Promise<{ app: App; port: number }> {
  database = await createTestDatabase();
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' }),
    config: await testConfig(),
    database: database.handle,
    distDir: MISSING_DIST_DIR,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { app, port: address.port };
}

const connections = (app: App) =>
  new Promise<number>((resolve, reject) =>
    app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

describe('a request on an open connection while the instance closes', () => {
  it('is served, with Connection: close, and the close then ends at once', async () => {
    const { app, port } = await listeningApp();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += String(chunk);
    });
    const closed = new Promise((resolve) => socket.on('close', resolve));
    // A request in flight (half its body sent) holds the connection while the close starts.
    const body = '{"email":"customer@example.com"}';
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await vi.waitFor(async () => expect(await connections(app)).toBe(1), { timeout: 5000, interval: 20 });
    const log = pino({ level: 'silent' });
    const started = performance.now();
    const stopping = shutDown({ app, database: { close: async () => {} }, log, connectionsGraceMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The rest of the body, and a second request on the same connection, which arrives after the close began.
    socket.write(`${body.slice(10)}GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await closed;
    await stopping;
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    expect(statuses).toHaveLength(2);
    expect(statuses[1]).toBe('200');
    expect(received).toMatch(/\r\nconnection: close\r\n[\s\S]*\{"status":"ok"\}$/i);
    // Not the grace period: the connection closed after its last answer.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
