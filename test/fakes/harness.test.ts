import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from './harness';

const started: FakeServer[] = [];

/** A fake whose own answer is `200 {"ok":true}` and whose malformed answer is cut-off JSON. */
async function echoFake(): Promise<FakeServer> {
  const fake = await startFakeServer({
    loggedHeaders: ['x-trace'],
    malformed: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":' },
    handle: (request, res) => {
      request.entry.outcome.handled = 'yes';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, body: request.body.toString('utf8') }));
    },
  });
  started.push(fake);
  return fake;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.stop()));
});

describe('the fake harness', () => {
  it('logs each request with its query, the chosen headers and what the fake made of it', async () => {
    const fake = await echoFake();
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await fetch(`${fake.url}/a%20b?x=1&y=two`, {
      method: 'POST',
      body: 'hello',
      headers: { 'x-trace': 't1', 'x-other': 'not kept' },
    });
    expect(await answer.json()).toEqual({ ok: true, body: 'hello' });
    expect(fake.log).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/a%20b',
        query: { x: '1', y: 'two' },
        headers: { 'x-trace': 't1' },
        status: 200,
        outcome: { handled: 'yes' },
      }),
    ]);
  });

  it('answers injected failures first, then its own answer again', async () => {
    const fake = await echoFake();
    fake.failNext(2, { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' });
    const first = await fetch(fake.url);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(await first.text()).toBe('slow down');
    expect((await fetch(fake.url)).status).toBe(429);
    expect((await fetch(fake.url)).status).toBe(200);
    expect(fake.log.map((entry) => entry.outcome)).toEqual([
      { injected: 'fail' },
      { injected: 'fail' },
      { handled: 'yes' },
    ]);
  });

  it('lets the next requests through before an injected failure', async () => {
    const fake = await echoFake();
    fake.passNext(2);
    fake.failNext(1, { status: 503 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(fake.url)).status);
    expect(statuses).toEqual([200, 200, 503, 200]);
  });

  it('hangs a request until the client gives up, and still stops', async () => {
    const fake = await echoFake();
    fake.hangNext(1);
    await expect(fetch(fake.url, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await fetch(fake.url)).status).toBe(200);
    fake.hangNext(1);
    const pending = fetch(fake.url).catch(() => 'closed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await fake.stop();
    expect(await pending).toBe('closed');
  });

  it('answers the malformed body it was given', async () => {
    const fake = await echoFake();
    fake.malformedNext(1);
    const answer = await fetch(fake.url);
    expect(answer.status).toBe(200);
    await expect(answer.json()).rejects.toThrow();
  });

  it('moves its clock, frozen or not', async () => {
    const fake = await echoFake();
    const before = fake.clock.now();
    fake.clock.advance(301_000);
    expect(fake.clock.now() - before).toBeGreaterThanOrEqual(301_000);
    fake.clock.freeze(Date.UTC(2013, 4, 24));
    fake.clock.advance(1000);
    expect(fake.clock.now()).toBe(Date.UTC(2013, 4, 24, 0, 0, 1));
  });

  it('is driven from another process through its control routes, which it does not log', async () => {
    const fake = await echoFake();
    expect((await fetch(`${fake.url}/__fake/ready`)).status).toBe(200);
    const before = fake.clock.now();
    const moved = await fetch(`${fake.url}/__fake/clock`, {
      method: 'POST',
      body: JSON.stringify({ advanceMs: 60_000 }),
    });
    expect(((await moved.json()) as { now: number }).now).toBeGreaterThanOrEqual(before + 60_000);
    await fetch(`${fake.url}/__fake/fail`, { method: 'POST', body: JSON.stringify({ n: 1, status: 503 }) });
    expect((await fetch(`${fake.url}/x`)).status).toBe(503);
    const log = (await (await fetch(`${fake.url}/__fake/log`)).json()) as { requests: { path: string }[] };
    expect(log.requests.map((entry) => entry.path)).toEqual(['/x']);
    expect((await fetch(`${fake.url}/__fake/log`, { method: 'DELETE' })).status).toBe(204);
    expect(fake.log).toEqual([]);
  });

  it("drops unused injections on DELETE /__fake/fail, and serves the fake's own control routes", async () => {
    let pokes = 0;
    const fake = await startFakeServer({
      malformed: { status: 200, body: '{' },
      handle: (_request, res) => {
        res.writeHead(200);
        res.end('own');
      },
      controls: {
        'POST /__fake/poke': (input) => {
          pokes += typeof input.by === 'number' ? input.by : 1;
          return undefined;
        },
        'GET /__fake/pokes': () => ({ pokes }),
      },
    });
    started.push(fake);
    const post = (path: string, body: object) =>
      fetch(`${fake.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post('/__fake/fail', { n: 3, status: 503 })).status).toBe(204);
    expect((await fetch(`${fake.url}/x`)).status).toBe(503);
    expect((await fetch(`${fake.url}/__fake/fail`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${fake.url}/x`)).text()).toBe('own');

    expect((await post('/__fake/poke', { by: 2 })).status).toBe(204);
    expect(await (await fetch(`${fake.url}/__fake/pokes`)).json()).toEqual({ pokes: 2 });
    expect((await fetch(`${fake.url}/__fake/pokes`, { method: 'DELETE' })).status).toBe(404);
    // Control routes are never logged.
    expect(fake.log.map((entry) => entry.path)).toEqual(['/x', '/x']);
  });
});
