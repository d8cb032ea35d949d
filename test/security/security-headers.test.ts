import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../src/server/plugins/error-handler.js';
import { BAD_URL_MESSAGE } from '../../src/server/plugins/framework-errors.js';
import { paths } from '../../src/web/lib/paths.js';
import { createAdmin, createCustomer, sessionCookie } from '../support/factories.js';
import { cspOf, SAME_ORIGIN } from '../support/http.js';
import { FIXTURE_DIST_DIR } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { sampleUrl } from './route-matrix.js';

/**
 * The security headers on every answer the portal gives: every page of the web app's route table and every
 * GET of the API (its route table), signed out and signed in, the first render and the kept copy replayed
 * before Fastify runs, and the refusals: 404 pages and API paths, 400, 401, 403, 405-like 404s, 413, a
 * malformed URL and a route that fails.
 */
const t = useTestApp({
  distDir: FIXTURE_DIST_DIR,
  seed: false,
  extend: (app) => {
    app.get('/api/test/fails', async () => {
      throw new Error('a failure the error handler answers');
    });
  },
});
let customerCookie = '';
let adminCookie = '';

beforeAll(async () => {
  customerCookie = (await sessionCookie(t.app, { id: (await createCustomer(t.app)).id, role: 'customer' }))
    .cookie;
  adminCookie = (await sessionCookie(t.app, { id: (await createAdmin(t.app)).id, role: 'admin' })).cookie;
});

/** The value given to the pages whose link takes one (the product name of the fixture config, a ticket). */
const PAGE_ARGUMENTS: Partial<Record<keyof typeof paths, unknown>> = {
  eolPolicy: 'Acme',
  chatbotPolicy: 'Acme',
  supportServicesDocument: 'service-description',
  ticket: 1,
};

/** Every page of the web app (src/web/lib/paths.ts). */
function pageUrls(): string[] {
  const urls = new Set<string>();
  for (const [name, entry] of Object.entries(paths)) {
    if (!('getHref' in entry)) continue;
    const argument = PAGE_ARGUMENTS[name as keyof typeof paths];
    const getHref = entry.getHref as (value?: unknown) => string;
    urls.add(argument === undefined ? getHref() : getHref(argument));
  }
  return [...urls].sort();
}

const apiGets = () =>
  t.app.routeTable
    .filter((route) => route.method === 'GET' && !route.url.includes('*'))
    .map((route) => sampleUrl(route.url));

function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  const headers = res.headers;
  const type = String(headers['content-type'] ?? '');
  const csp = cspOf(headers['content-security-policy']);
  expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
  if (!type.startsWith('application/pdf')) {
    expect(csp.get('default-src'), what).toEqual(["'self'"]);
    expect(csp.get('script-src'), what).toEqual(["'self'"]);
    expect(csp.get('object-src'), what).toEqual(["'none'"]);
    expect(csp.get('base-uri'), what).toEqual(["'self'"]);
    expect(csp.get('form-action'), what).toEqual(["'self'"]);
  }
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  // TLS ends at the load balancer, so the portal cannot tell; browsers ignore the header over plain HTTP.
  expect(headers['strict-transport-security'], what).toMatch(/max-age=\d{7,}/);
  expect(headers['x-powered-by'], what).toBeUndefined();
}

async function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

describe('security headers on every page', () => {
  it('the page list is the web app’s', () => {
    expect(pageUrls()).toEqual(expect.arrayContaining(['/', '/sla', '/docs', '/tickets', '/chatbot']));
  });

  it('every page, signed out: its render and the kept copy of it', async () => {
    for (const url of pageUrls()) {
      const first = await get(url);
      expect(first.statusCode, url).toBeLessThan(500);
      expectSecurityHeaders(first, `GET ${url}`);
      // The second anonymous request is answered from the kept copy, before any hook of the app runs.
      const replayed = await get(url);
      expect(replayed.statusCode, url).toBe(first.statusCode);
      expectSecurityHeaders(replayed, `GET ${url} (again)`);
    }
  });

  it('every page, signed in as a customer and as an admin', async () => {
    for (const cookie of [customerCookie, adminCookie]) {
      for (const url of pageUrls()) expectSecurityHeaders(await get(url, cookie), `GET ${url} signed in`);
    }
  });

  it('a page that does not exist, and a missing file', async () => {
    for (const url of ['/no-such-page', '/assets/missing-0000.js', '/images/missing.svg']) {
      const res = await get(url);
      expectSecurityHeaders(res, `GET ${url}`);
    }
    expect((await get('/assets/missing-0000.js')).statusCode).toBe(404);
  });
});

describe('security headers on every API answer', () => {
  it('every GET route of the API, signed out and as an admin', async () => {
    const urls = apiGets();
    expect(urls.length).toBeGreaterThan(30);
    for (const url of urls) {
      for (const cookie of [undefined, adminCookie]) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: cookie ? { cookie } : {},
          payloadAsStream: true,
        });
        // A live stream is cut once its headers are known.
        res.stream().destroy();
        expectSecurityHeaders(res, `GET ${url}${cookie ? ' as admin' : ''}`);
      }
    }
  });

  it('refusals and failures: 400, 401, 403, 404, 413, a bad URL and a 500', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['404 API', await get('/api/no-such-route')],
      ['401', await get('/api/zendesk/me')],
      ['403', await get('/api/admin/search-analytics', customerCookie)],
      ['400 query', await get('/api/aggregator/suggestions')],
      ['bad percent-encoding', await get('/api/%zz')],
      ['bad percent-encoding, page', await get('/%E0%A4%A')],
      [
        '400 bad JSON',
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
          payload: '{"email":',
        }),
      ],
      [
        '415',
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { ...SAME_ORIGIN, 'content-type': 'application/x-nope' },
          payload: 'x',
        }),
      ],
      [
        '413',
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
          payload: `{"email":"${'a'.repeat(2 * 1024 * 1024)}"}`,
        }),
      ],
      [
        '403 cross-site',
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { origin: 'https://evil.example' },
        }),
      ],
      ['500', await get('/api/test/fails')],
    ];
    const statuses = Object.fromEntries(answers.map(([name, res]) => [name, res.statusCode]));
    expect(statuses).toMatchObject({
      'bad percent-encoding': 400,
      'bad percent-encoding, page': 400,
      '400 query': 400,
      '404 API': 404,
      '401': 401,
      '403': 403,
      '400 bad JSON': 400,
      '413': 413,
      '403 cross-site': 403,
      '500': 500,
    });
    for (const [name, res] of answers) {
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(res, name);
    }
  });

  it('a URL the router cannot decode gets the JSON error and request id of every other answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/%zz',
      headers: { 'x-request-id': 'lb-bad-url-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toBe('lb-bad-url-1');
    expect(res.json()).toEqual(apiError(400, BAD_URL_MESSAGE));
  });
});
