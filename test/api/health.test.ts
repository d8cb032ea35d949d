import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/use-test-app.js';

describe('health probes', () => {
  const t = useTestApp({ seed: false });

  it('GET /healthz answers 200 while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  // Last in the file: it closes the database under the running app.
  it('GET /readyz answers 503 JSON once the database is gone, while /healthz stays 200', async () => {
    await t.database.handle.close();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['content-type']).toMatch(/^application\/json/);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
  });
});

describe('readiness with REDIS_URL set and Redis unreachable', () => {
  const t = useTestApp({
    seed: false,
    env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: 'ready:' },
  });

  it('stays 200 (the portal serves) and says Redis is degraded and where it counts meanwhile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      redis: 'degraded',
      detail: 'Redis does not answer: rate limits and live stream places count in the database until it does',
    });
  });
});
