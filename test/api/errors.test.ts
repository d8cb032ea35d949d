import { describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../src/common/contracts/api-error.js';
import { ServiceError } from '../../src/server/lib/errors.js';
import { SAME_ORIGIN } from '../support/http.js';
import { FIXTURE_DIST_DIR } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

describe('API errors', () => {
  const t = useTestApp({
    seed: false,
    // With a build present, so the history fallback is live and must still leave /api alone.
    distDir: FIXTURE_DIST_DIR,
    extend: (app) => {
      const probe = app.withTypeProvider<ZodTypeProvider>();
      // Probes registered on the real app: they go through the app's validator and error handler.
      probe.get(
        '/api/test/probe',
        {
          schema: { querystring: z.object({ page: z.coerce.number().int().min(1), q: z.string().min(2) }) },
        },
        async (request) => ({ page: request.query.page, q: request.query.q }),
      );
      probe.post(
        '/api/test/probe',
        { schema: { body: z.object({ filter: z.array(z.enum(['kb', 'docs'])) }) } },
        async (request) => ({ filter: request.body.filter }),
      );
      probe.get('/api/test/crash', async () => {
        throw new Error('connection string postgres://admin:hunter2@db/internal');
      });
      probe.get('/api/test/disk-full', async () => {
        // As Drizzle wraps what the driver reports when PostgreSQL (or PGlite) cannot extend a file.
        throw new Error('Failed query: insert into "helpdesk_tickets" ...', {
          cause: Object.assign(new Error('could not extend file "base/5/16390": No space left on device'), {
            code: '53100',
          }),
        });
      });
      probe.get('/api/test/no-space', async () => {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      });
      probe.get('/api/test/missing', async () => {
        throw new ServiceError('NOT_FOUND', 'No article with that slug');
      });
    },
  });

  it.each(['/api/unknown', '/api/aggregator/nope?x=1', '/api', '/api/docs/static/nothing.js'])(
    'GET %s answers 404 JSON, never the app',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = apiErrorSchema.parse(res.json());
      expect(body.error).toBe('Not Found');
      expect(res.body).not.toContain('<html');
    },
  );

  it('a wrong method on an API path is a JSON 404 too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/aggregator/latestKB',
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not Found' });
  });

  it('accepts valid query input', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/probe?page=2&q=vpn' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ page: 2, q: 'vpn' });
  });

  it('answers 400 JSON naming the bad query fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/probe?page=zero&q=v' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error).toBe('Bad Request');
    expect(body.message).toContain('querystring.page');
    expect(body.message).toContain('querystring.q');
  });

  it('answers 400 JSON for a bad body and for malformed JSON', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test/probe',
      headers: SAME_ORIGIN,
      payload: { filter: ['nope'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Bad Request' });
    expect(bad.json<{ message: string }>().message).toContain('body.filter.0');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test/probe',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: '{"filter": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(apiErrorSchema.parse(malformed.json()).error).toBe('Bad Request');
  });

  it('hides the details of a 5xx and never sends a stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error).toBe('Internal Server Error');
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+/);
    expect(Object.keys(res.json<object>()).sort()).toEqual(['error', 'message']);
  });

  it('maps a service error code to its status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', message: 'No article with that slug' });
  });

  it('answers a write on a full disk 503 JSON that says so, with Retry-After, never 500', async () => {
    for (const url of ['/api/test/disk-full', '/api/test/no-space']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json()).toEqual({
        error: 'Service Unavailable',
        message:
          "The portal's storage is full, so changes cannot be saved right now; reading still works. Please try again later.",
      });
    }
  });
});
