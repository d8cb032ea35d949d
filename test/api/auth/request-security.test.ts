import { beforeAll, describe, expect, it } from 'vitest';
import { loginOutcome, RATE_LIMIT_MESSAGE, signupMessage } from '../../../src/common/auth-messages.js';
import { createCustomer, uniqueSuffix } from '../../support/factories.js';
import { createTestApp } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';

describe('same-origin check of state-changing requests', () => {
  const t = useTestApp({ accounts: false });
  let email = '';
  beforeAll(async () => {
    email = (await createCustomer(t.app)).email;
  });

  const loginWith = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { email } });

  it('refuses a cross-site POST with 403 JSON before anything runs', async () => {
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:8080' },
      { origin: 'https://localhost' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      // Neither header: not a browser page of ours.
      {},
    ];
    for (const headers of refused) {
      const res = await loginWith(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: 'Forbidden', message: 'Cross-site requests are not accepted.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('accepts Sec-Fetch-Site: same-origin, or our own Origin (default port or not)', async () => {
    const accepted: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost' },
      { origin: 'http://localhost:80' },
    ];
    for (const headers of accepted) {
      const res = await loginWith(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('also guards PUT, PATCH and DELETE, and leaves GET alone', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/auth/login',
        headers: { origin: 'https://evil.example' },
      });
      expect(res.statusCode, method).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } }))
        .statusCode,
    ).toBe(200);
  });

  it('the flow cookie of a sign-in in progress is HttpOnly, SameSite=Lax, Path=/ and short-lived', async () => {
    const res = await loginWith({ origin: 'http://localhost' });
    const line = String(res.headers['set-cookie']);
    expect(line).toMatch(/^portal_flow=[A-Za-z0-9_-]{43};/);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Path=/');
    expect(line).toContain('Max-Age=1200');
  });

  it('with PUBLIC_URL, the origin is the public one whatever the Host header says', async () => {
    const behind = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://support.acme.example' } });
    try {
      const inject = (origin: string) =>
        behind.app.inject({ method: 'POST', url: '/api/aggregator/logoutCustomer', headers: { origin } });
      expect((await inject('https://support.acme.example')).statusCode).toBe(200);
      expect((await inject('http://localhost')).statusCode).toBe(403);
    } finally {
      await behind.close();
    }
  });
});

describe('rate limits of sign-in, signup and code entry', () => {
  // Every call is refused or limited: no account is needed.
  const t = useTestApp({ accounts: false, env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } });

  const call = (url: string, payload: object, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { origin: 'http://localhost' },
      payload,
    });

  /** An address of the configured corporate domain no account has. */
  const corporateNobody = () => `nobody-${uniqueSuffix()}@${t.app.portalConfig.support.corporateEmailDomain}`;

  // Each payload is built by its test (addresses no account has).
  it.each([
    ['/api/auth/login', () => ({ email: `nobody-${uniqueSuffix()}@example.com` })],
    ['/api/auth/signup', () => ({ email: `x-${uniqueSuffix()}@example.com`, name: 'X', verified: true })],
    ['/api/zendesk/authenticate', () => ({ user: corporateNobody(), pass: 'wrong' })],
    ['/api/helpdesk/authorize/verify', () => ({ requestId: 'nope', code: '123456' })],
    ['/api/helpdesk/authorize/start', () => ({ response_type: 'code' })],
    [
      '/api/zendesk/createUser',
      () => ({ user: { email: `x-${uniqueSuffix()}@example.com`, name: 'X', verified: true } }),
    ],
  ])(
    '%s: the 4th attempt in a minute from one address is a 429 RATE_LIMITED with Retry-After',
    async (url, makePayload) => {
      const payload: object = makePayload();
      for (let i = 0; i < 3; i += 1) expect((await call(url, payload)).statusCode).not.toBe(429);
      const limited = await call(url, payload);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: 'Too Many Requests', message: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(loginOutcome(429, 'RATE_LIMITED')).toEqual({ kind: 'message', text: RATE_LIMIT_MESSAGE });
      expect(signupMessage(429, 'RATE_LIMITED')).toBe(RATE_LIMIT_MESSAGE);
      // Another address is not affected.
      expect((await call(url, payload, '198.51.100.9')).statusCode).not.toBe(429);
    },
  );

  it('the development default lets one address make 100 sign-in attempts in a minute', async () => {
    const relaxed = await createTestApp({ seed: false });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 100; i += 1) {
        const res = await relaxed.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '203.0.113.8',
          headers: { origin: 'http://localhost' },
          payload: { email: `nobody-${uniqueSuffix()}@example.com` },
        });
        statuses.add(res.statusCode);
      }
      expect([...statuses]).not.toContain(429);
    } finally {
      await relaxed.close();
    }
  });
});
