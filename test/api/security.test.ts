import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/use-test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function cspDirectives(header: string | string[] | number | undefined): Map<string, string[]> {
  if (typeof header !== 'string') throw new Error(`no single CSP header: ${String(header)}`);
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values] as const;
      }),
  );
}

describe('security headers, request ids and redirects', () => {
  const t = useTestApp({ seed: false });

  it.each(['/healthz', '/api/aggregator/latestKB', '/api/nope', '/api/docs'])(
    '%s carries a strict CSP',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = cspDirectives(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      for (const [directive, values] of csp) {
        if (directive.startsWith('script-src') || directive === 'default-src') {
          expect(values).not.toContain("'unsafe-inline'");
          expect(values).not.toContain("'unsafe-eval'");
        }
      }
    },
  );

  it('sends the other helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('echoes a sane incoming x-request-id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-7f3a.42:9' },
    });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42:9');
  });

  it.each([
    ['with spaces and markup', 'evil id <script>'],
    ['too long', 'a'.repeat(129)],
    ['with a backslash', 'abc\\def'],
  ])('replaces an x-request-id %s with a fresh UUID', async (_case, incoming) => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': incoming } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('generates a different UUID for each request without one', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz' });
    const b = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('GET /trust redirects (302) to the configured trust center', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trust' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(t.config.links.trust);
    expect(res.headers.location).toBe('https://trust.acme.example');
  });

  it('compresses JSON answers for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('API docs', () => {
  const t = useTestApp({ seed: false });

  it('serves Swagger UI at /api/docs without inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Every script is external, so script-src 'self' lets the page run.
    const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="/);
    expect(res.body).not.toMatch(/<script\b[^>]*>\s*[^<\s]/);
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(bundle.statusCode).toBe(200);
  });

  it('publishes the OpenAPI document at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/aggregator/latestKB', '/healthz', '/readyz']),
    );
    expect(Object.keys(doc.paths)).not.toContain('/trust');
  });
});
