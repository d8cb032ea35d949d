import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/server/connectors/content-folder/load-content.js';
import { articleFile, copyFixtureContent } from '../support/content-copy.js';
import { firstTitle } from '../support/fixture-render.js';
import { createAgent, sessionCookie } from '../support/factories.js';
import { createTestApp, FIXTURE_DIST_DIR, type TestApp } from '../support/test-app.js';

/**
 * Kept answers replayed before Fastify (plugins/kept-replay.ts). Over a real socket: `app.inject` does not go
 * through the HTTP server, where the replay sits.
 */

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET (or another method) as a client sends it, with the body as it came (not decoded). */
function send(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers two answers of one address must share: all but those each answer writes for itself. */
function sharedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

describe('kept answers replayed before the app', () => {
  let t: TestApp;
  let base: string;
  let content: Awaited<ReturnType<typeof copyFixtureContent>>;
  /** The URL of every request Fastify itself saw (an onRequest hook): a replayed one is not here. */
  const seenByApp: string[] = [];
  /** The app's log lines. */
  const lines: Array<Record<string, unknown>> = [];

  /** Whether Fastify saw the request that `run` sends. */
  async function appSaw<T>(run: () => Promise<T>): Promise<{ answer: T; seen: boolean }> {
    const before = seenByApp.length;
    const answer = await run();
    return { answer, seen: seenByApp.length > before };
  }

  beforeAll(async () => {
    content = await copyFixtureContent();
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    t = await createTestApp({
      distDir: FIXTURE_DIST_DIR,
      contentDir: content.dir,
      accounts: false,
      logger,
      extend: (app) => {
        app.addHook('onRequest', (request, _reply, done) => {
          seenByApp.push(request.url);
          done();
        });
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await content?.remove();
  });

  const ADDRESSES = ['/docs?article=geneve-overlay-basics', '/api/aggregator/latestKB', '/no-such-page'];
  const FORMS: Array<[string, Record<string, string>]> = [
    ['Brotli', { 'accept-encoding': 'gzip, deflate, br' }],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['no encoding', {}],
  ];

  for (const address of ADDRESSES) {
    for (const [form, headers] of FORMS) {
      it(`${address}, ${form}: the second answer is the app's first, byte for byte, without the app`, async () => {
        const first = await appSaw(() => send(`${base}${address}`, headers));
        const second = await appSaw(() => send(`${base}${address}`, headers));
        expect(first.seen).toBe(true);
        expect(second.seen).toBe(false);
        expect(second.answer.status).toBe(first.answer.status);
        expect(sharedHeaders(second.answer.headers)).toEqual(sharedHeaders(first.answer.headers));
        expect(second.answer.body.equals(first.answer.body)).toBe(true);
        // The security headers are the app's (helmet's), replayed with the rest.
        expect(second.answer.headers['content-security-policy']).toContain("default-src 'self'");
        expect(second.answer.headers['x-request-id']).not.toBe(first.answer.headers['x-request-id']);
      });
    }
  }

  it('a 304 to the validator is replayed as the app sent it, without a body', async () => {
    const address = `${base}/docs?article=geneve-overlay-basics`;
    const { etag } = (await send(address)).headers;
    const first = await appSaw(() => send(address, { 'if-none-match': String(etag) }));
    const second = await appSaw(() => send(address, { 'if-none-match': String(etag) }));
    expect([first.answer.status, first.seen]).toEqual([304, true]);
    expect([second.answer.status, second.seen]).toEqual([304, false]);
    expect(sharedHeaders(second.answer.headers)).toEqual(sharedHeaders(first.answer.headers));
    expect(second.answer.body.length).toBe(0);
  });

  it('a request with a cookie, an Authorization header, a HEAD or a POST is left to the app', async () => {
    const address = `${base}/docs?article=geneve-overlay-basics`;
    await send(address);
    await send(address);
    for (const [headers, method] of [
      [{ cookie: 'theme=dark' }, 'GET'],
      [{ authorization: 'Bearer abc' }, 'GET'],
      [{}, 'HEAD'],
      [{ origin: base }, 'POST'],
    ] as const) {
      const { seen } = await appSaw(() => send(address, headers, method));
      expect(seen, `${method} ${JSON.stringify(headers)}`).toBe(true);
    }
  });

  it('a signed-in visitor gets their own render from the app, never the replayed one', async () => {
    const address = `${base}/docs?article=geneve-overlay-basics`;
    const anonymous = await send(address);
    expect(anonymous.body.toString('utf8')).not.toContain('"user":{');
    const staff = await createAgent(t.app);
    const { cookie } = await sessionCookie(t.app, { id: staff.id, role: 'agent' });
    const { answer, seen } = await appSaw(() => send(address, { cookie }));
    expect(seen).toBe(true);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body.toString('utf8')).toContain(staff.name);
  });

  it('an edited Markdown file shows on the next request once the content is loaded again', async () => {
    const before = await send(`${base}/`);
    expect((await appSaw(() => send(`${base}/`))).seen).toBe(false);
    const title = firstTitle(before.body.toString('utf8'));
    const file = await articleFile(content.dir, title);
    await writeFile(file, (await readFile(file, 'utf8')).replace(title, `${title}, revised`));
    await loadContent({ db: t.app.db, dir: content.dir });
    await t.app.contentLoaded();
    const after = await appSaw(() => send(`${base}/`));
    expect(after.seen).toBe(true);
    expect(firstTitle(after.answer.body.toString('utf8'))).toBe(`${title}, revised`);
    const replayed = await appSaw(() => send(`${base}/`));
    expect(replayed.seen).toBe(false);
    expect(replayed.answer.body.equals(after.answer.body)).toBe(true);
  });

  it('echoes a plain request id and replaces one that could forge a log line', async () => {
    const address = `${base}/api/aggregator/latestKB`;
    await send(address);
    const plain = await appSaw(() => send(address, { 'x-request-id': 'lb-1234.abc' }));
    expect(plain.seen).toBe(false);
    expect(plain.answer.headers['x-request-id']).toBe('lb-1234.abc');
    const forged = await send(address, { 'x-request-id': 'a\tb"}' });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one log line per replayed request, like the app, with its id and the client address', async () => {
    const address = `${base}/api/aggregator/latestKB`;
    await send(address);
    const { answer, seen } = await appSaw(() => send(address));
    expect(seen).toBe(false);
    const id = String(answer.headers['x-request-id']);
    const mine = lines.filter((line) => line.reqId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/aggregator/latestKB', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    // The app's own line has the same shape.
    const appLine = lines.find((line) => line.msg === 'request completed' && line.reqId !== id);
    expect(appLine).toMatchObject({ req: { method: 'GET', remoteAddress: '127.0.0.1' } });
  });
});
