import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { sessions } from '../../../src/server/db/schema/index.js';
import { sha256Hex } from '../../../src/server/lib/tokens.js';
import { get, newBrowser, post, signInWithPassword, type Browser } from '../../support/auth-flow.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';
import { createAdmin, createAgent, type CreatedStaff } from '../../support/factories.js';

/** Attributes of one Set-Cookie line, lower-cased names; `name` and `value` of the pair. */
function parseSetCookie(line: string): { name: string; value: string; attributes: Map<string, string> } {
  const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const attribute of rest) {
    const at = attribute.indexOf('=');
    attributes.set(
      (at < 0 ? attribute : attribute.slice(0, at)).toLowerCase(),
      at < 0 ? '' : attribute.slice(at + 1),
    );
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

function sessionCookieLine(setCookie: string | string[] | undefined, name: string): string {
  const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(lines)}`);
  return line;
}

async function sessionRow(t: TestApp, browser: Browser) {
  const token = browser.jar.get('portal_session') ?? '';
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sha256Hex(token)));
  return row;
}

describe('session cookie and lifetime', () => {
  const t = useTestApp({ env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '8' } });

  let agent: CreatedStaff;
  let admin: CreatedStaff;
  beforeAll(async () => {
    agent = await createAgent(t.app);
    admin = await createAdmin(t.app);
  });

  it('over http: HttpOnly, SameSite=Lax, Path=/, no Secure, no __Host- prefix, 256-bit random id', async () => {
    const res = await post(newBrowser(t.app), '/api/zendesk/authenticate', {
      user: agent.email,
      pass: agent.password,
    });
    const cookie = parseSetCookie(sessionCookieLine(res.headers['set-cookie'], 'portal_session'));
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('secure')).toBe(false);
    expect(cookie.attributes.has('domain')).toBe(false);
    expect(cookie.attributes.get('max-age')).toBe(String(8 * 3600));
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);
  });

  it('the database keeps the SHA-256 of the token, never the token', async () => {
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    const token = browser.jar.get('portal_session') ?? '';
    const rows = await t.database.db.select({ id: sessions.id }).from(sessions);
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(rows.some((row) => row.id === sha256Hex(token))).toBe(true);
  });

  it('every sign-in gets a new session id and deletes the old session', async () => {
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    const first = browser.jar.get('portal_session') ?? '';
    const again = await post(browser, '/api/zendesk/authenticate', {
      user: admin.email,
      pass: admin.password,
    });
    expect(again.statusCode).toBe(200);
    const second = browser.jar.get('portal_session') ?? '';
    expect(second).not.toBe(first);
    const [old] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256Hex(first)));
    expect(old).toBeUndefined();
    const me = await get(newBrowser(t.app), '/api/zendesk/me', { cookie: `portal_session=${first}` });
    expect(me.statusCode).toBe(401);
  });

  it('an idle session (no request for SESSION_IDLE_MINUTES) ends', async () => {
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    const row = await sessionRow(t, browser);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(sessions.id, row?.id ?? ''));
    expect((await get(browser, '/api/zendesk/me')).statusCode).toBe(200);
    // That request counted as activity: the idle clock restarted.
    expect((await sessionRow(t, browser))?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.id, row?.id ?? ''));
    const res = await get(browser, '/api/zendesk/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ event: 'logout' });
    expect(await sessionRow(t, browser)).toBeUndefined();
  });

  it('a session ends at its absolute limit (SESSION_ABSOLUTE_HOURS), however active', async () => {
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    const row = await sessionRow(t, browser);
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(8 * 3_600_000);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.id, row?.id ?? ''));
    const res = await get(browser, '/api/zendesk/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ event: 'logout' });
    // The dead cookie is cleared.
    expect(browser.jar.get('portal_session')).toBeUndefined();
  });

  it('activity is written at most once a minute', async () => {
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    const before = (await sessionRow(t, browser))?.lastSeenAt.getTime();
    await get(browser, '/api/zendesk/me');
    await get(browser, '/api/zendesk/me');
    expect((await sessionRow(t, browser))?.lastSeenAt.getTime()).toBe(before);
  });

  it('GET /api/zendesk/me without a session: 401 {event: logout}', async () => {
    const res = await get(newBrowser(t.app), '/api/zendesk/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'Unauthorized',
      message: 'Your session has ended. Please sign in again.',
      event: 'logout',
    });
    const forged = await get(newBrowser(t.app), '/api/zendesk/me', {
      cookie: `portal_session=${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(401);
  });

  it('GET /api/azureAD/logoutAzureAD deletes the session, clears the cookie and is idempotent', async () => {
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    const token = browser.jar.get('portal_session') ?? '';
    const out = await get(browser, '/api/azureAD/logoutAzureAD');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'OK' });
    const cleared = parseSetCookie(sessionCookieLine(out.headers['set-cookie'], 'portal_session'));
    expect(cleared.value).toBe('');
    expect(
      (await get(newBrowser(t.app), '/api/zendesk/me', { cookie: `portal_session=${token}` })).statusCode,
    ).toBe(401);
    expect((await get(browser, '/api/azureAD/logoutAzureAD')).statusCode).toBe(200);
  });

  it('the agent logout refuses a cross-site request (a link on another site cannot log you out)', async () => {
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    const res = await get(browser, '/api/azureAD/logoutAzureAD', { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect((await get(browser, '/api/zendesk/me')).statusCode).toBe(200);
  });

  it('POST /api/aggregator/logoutCustomer answers OK without a session too', async () => {
    const res = await post(newBrowser(t.app), '/api/aggregator/logoutCustomer');
    expect(res.statusCode).toBe(200);
  });
});

describe('the idle timeout at its minimum and the activity writes agree', () => {
  const t = useTestApp({ env: { SESSION_IDLE_MINUTES: '1' } });
  let agent: CreatedStaff;
  beforeAll(async () => {
    agent = await createAgent(t.app);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a session used every 20 seconds never ends with SESSION_IDLE_MINUTES=1', async () => {
    // Only the clock is fake: timers, sockets and the database run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    for (let request = 1; request <= 12; request += 1) {
      vi.advanceTimersByTime(20_000);
      const res = await get(browser, '/api/zendesk/me');
      expect(res.statusCode, `request ${request}, ${request * 20} s after sign-in`).toBe(200);
    }
    // Idle for the whole minute: then it ends.
    vi.advanceTimersByTime(60_000);
    expect((await get(browser, '/api/zendesk/me')).statusCode).toBe(401);
  });
});

describe('session cookie over HTTPS', () => {
  it('with PUBLIC_URL https: __Host-portal_session, Secure, HttpOnly, SameSite=Lax, Path=/', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://support.acme.example' } });
    try {
      const agent = await createAgent(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/zendesk/authenticate',
        headers: { origin: 'https://support.acme.example' },
        payload: { user: agent.email, pass: agent.password },
      });
      expect(res.statusCode).toBe(200);
      const cookie = parseSetCookie(sessionCookieLine(res.headers['set-cookie'], '__Host-portal_session'));
      expect(cookie.attributes.has('secure')).toBe(true);
      expect(cookie.attributes.has('httponly')).toBe(true);
      expect(cookie.attributes.get('samesite')).toBe('Lax');
      expect(cookie.attributes.get('path')).toBe('/');
      expect(cookie.attributes.has('domain')).toBe(false);
      // The session is read back from the prefixed cookie only.
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/zendesk/me',
        headers: { cookie: `__Host-portal_session=${cookie.value}` },
      });
      expect(me.statusCode).toBe(200);
      const plain = await t.app.inject({
        method: 'GET',
        url: '/api/zendesk/me',
        headers: { cookie: `portal_session=${cookie.value}` },
      });
      expect(plain.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy that terminated TLS (X-Forwarded-Proto https): Secure and __Host-', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const agent = await createAgent(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/zendesk/authenticate',
        headers: {
          origin: 'https://portal.example',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'portal.example',
        },
        payload: { user: agent.email, pass: agent.password },
      });
      expect(res.statusCode).toBe(200);
      const cookie = parseSetCookie(sessionCookieLine(res.headers['set-cookie'], '__Host-portal_session'));
      expect(cookie.attributes.has('secure')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
