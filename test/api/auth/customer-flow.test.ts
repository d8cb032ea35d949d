import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authCodeGrantOkSchema, meResponseSchema } from '../../../src/common/contracts/auth.js';
import { authorizationCodes } from '../../../src/server/connectors/builtin-oauth/schema.js';
import {
  helpdeskAuthRequests,
  helpdeskUsers,
} from '../../../src/server/connectors/helpdesk/builtin/schema.js';
import { authFlows, users } from '../../../src/server/db/schema/index.js';
import { pkceChallenge, sha256Hex } from '../../../src/server/lib/tokens.js';
import {
  authCodeGrant,
  completeHelpdeskStep,
  get,
  initHelpdeskAuth,
  login,
  newBrowser,
  post,
  startAuthorization,
  verifyCode,
} from '../../support/auth-flow.js';
import { createCustomer, createCustomerAccount } from '../../support/factories.js';
import { useMailTestApp } from '../../support/use-test-app.js';

describe('customer sign-in, end to end', () => {
  const t = useMailTestApp({ accounts: false });
  beforeAll(async () => {
    await createCustomer(t.app, { email: 'customer@example.com', name: 'Casey Customer' });
  });

  it('login -> /zendeskInitAuth -> code by mail -> verify -> authCodeGrant -> /me -> logout -> 401', async () => {
    const browser = newBrowser(t.app);
    const loggedIn = await login(browser, 'Customer@Example.com');
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json()).toEqual({ status: 'OK', redirect: '/zendeskInitAuth' });
    expect(browser.jar.get('portal_flow')).toBeDefined();

    const authorizeUrl = await initHelpdeskAuth(browser);
    const params = authorizeUrl.searchParams;
    expect(authorizeUrl.pathname).toBe('/helpdesk/authorize');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('portal');
    expect(params.get('redirect_uri')).toBe('http://localhost/zendeskAuth');
    expect(params.get('scope')).toBe('read');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('role')).toBe('customer');
    expect(params.get('login_hint')).toBe('customer@example.com');
    // 256 bits of state, base64url.
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const started = await startAuthorization(browser, authorizeUrl);
    expect(started.statusCode).toBe(200);
    const { requestId, sentTo } = started.json<{ requestId: string; sentTo: string }>();
    expect(sentTo).toBe('c***r@example.com');
    const code = await t.sink.waitForCode('customer@example.com');
    expect(code).toMatch(/^\d{6}$/);

    const verified = await verifyCode(browser, requestId, code);
    expect(verified.statusCode).toBe(200);
    const { redirect } = verified.json<{ redirect: string }>();
    expect(redirect).toMatch(/^\/zendeskAuth\?code=[A-Za-z0-9_-]+&state=[A-Za-z0-9_-]+$/);
    expect(new URL(redirect, 'http://localhost').searchParams.get('state')).toBe(params.get('state'));

    const granted = await authCodeGrant(browser, redirect);
    expect(granted.statusCode).toBe(200);
    const body = authCodeGrantOkSchema.parse(granted.json());
    expect(body.redirect).toBe('/');
    expect(body.userInfo.user).toMatchObject({
      name: 'Casey Customer',
      email: 'customer@example.com',
      role: 'customer',
      userType: 'customer',
      allowDownload: true,
      authLevel: 'zendesk',
      trackerAuthorized: false,
    });
    expect(body.intercom_user_jwt.split('.')).toHaveLength(3);
    expect(browser.jar.get('portal_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The flow is over: its cookie is cleared.
    expect(browser.jar.get('portal_flow')).toBeUndefined();

    const me = await get(browser, '/api/zendesk/me');
    expect(me.statusCode).toBe(200);
    const meBody = meResponseSchema.parse(me.json());
    expect(meBody.user.email).toBe('customer@example.com');
    expect(meBody.user.id).toBe(body.userInfo.user.id);

    const sessionCookie = browser.jar.get('portal_session') ?? '';
    const out = await post(browser, '/api/aggregator/logoutCustomer');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'OK' });
    expect(browser.jar.get('portal_session')).toBeUndefined();

    // Even replaying the old cookie: the server session is gone.
    const after = await get(newBrowser(t.app), '/api/zendesk/me', {
      cookie: `portal_session=${sessionCookie}`,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ event: 'logout' });
  });
});

describe('customer sign-in: the ID is asked once, and the help-desk authorization refuses what it must', () => {
  // These tests ask for a dozen codes for one customer within seconds; code-limits.test.ts covers the
  // per-address limit at its default.
  const t = useMailTestApp({ accounts: false, env: { SIGN_IN_CODES_PER_ADDRESS: '50' } });
  beforeAll(async () => {
    await createCustomer(t.app, { email: 'customer@example.com' });
    // A customer from before IDs were asked, and the ID of their company's account.
    await createCustomer(t.app, { email: 'legacy@example.com', providedId: null });
    await createCustomerAccount(t.app, { providedId: 'CUST-0001', emailDomain: 'example.com' });
  });

  /** Login and authorization start of the customer: the page's request id, the params, the code. */
  async function pendingCode(email = 'customer@example.com') {
    const browser = newBrowser(t.app);
    expect((await login(browser, email)).statusCode).toBe(200);
    const authorizeUrl = await initHelpdeskAuth(browser);
    const started = await startAuthorization(browser, authorizeUrl);
    expect(started.statusCode).toBe(200);
    const code = await t.sink.waitForCode(email);
    return { browser, authorizeUrl, requestId: started.json<{ requestId: string }>().requestId, code };
  }

  /** A wrong code that is surely not the right one. */
  const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('the legacy customer is asked for the ID once, then never again', async () => {
    const browser = newBrowser(t.app);
    const first = await login(browser, 'legacy@example.com');
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ message: 'CONTROLLER_ID_REQUIRED' });
    const withId = await login(browser, 'legacy@example.com', ' cust-0001 ');
    expect(withId.statusCode).toBe(200);
    // The sign-in completes, and proving the email puts the ID on file (not the login call: legacy-id.test.ts).
    const granted = await completeHelpdeskStep(browser, t.sink, 'legacy@example.com');
    expect(granted.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'legacy@example.com'));
    expect(row?.providedId).toBe('CUST-0001');
    const again = await login(newBrowser(t.app), 'legacy@example.com');
    expect(again.statusCode).toBe(200);
  });

  it('a wrong code is refused with the attempts left; the right one still works after it', async () => {
    const { browser, requestId, code } = await pendingCode();
    const wrong = await verifyCode(browser, requestId, otherCode(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'The code is not correct. 4 attempts left.' });
    const right = await verifyCode(browser, requestId, code);
    expect(right.statusCode).toBe(200);
  });

  it('a code is accepted once: replaying it is refused', async () => {
    const { browser, requestId, code } = await pendingCode();
    expect((await verifyCode(browser, requestId, code)).statusCode).toBe(200);
    const replay = await verifyCode(browser, requestId, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ message: string }>().message).toMatch(/expired or can no longer be used/);
  });

  it('an expired code (older than 10 minutes) is refused', async () => {
    const { browser, requestId, code } = await pendingCode();
    await t.database.db
      .update(helpdeskAuthRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(helpdeskAuthRequests.id, requestId));
    const res = await verifyCode(browser, requestId, code);
    expect(res.statusCode).toBe(400);
  });

  it('the request lives 10 minutes', async () => {
    const { requestId } = await pendingCode();
    const [row] = await t.database.db
      .select()
      .from(helpdeskAuthRequests)
      .where(eq(helpdeskAuthRequests.id, requestId));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - 10 * 60_000)).toBeLessThan(5_000);
  });

  it('after 5 wrong attempts the request is dead: the 6th, even with the right code, is refused', async () => {
    const { browser, requestId, code } = await pendingCode();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await verifyCode(browser, requestId, otherCode(code));
      expect(res.statusCode).toBe(401);
    }
    const sixth = await verifyCode(browser, requestId, code);
    expect(sixth.statusCode).toBe(400);
  });

  it('a code that is not six digits is a 400 before any check', async () => {
    const { browser, requestId } = await pendingCode();
    const res = await verifyCode(browser, requestId, '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('six digits');
  });

  it('a wrong state is refused, and the right one still works', async () => {
    const { browser, requestId, code } = await pendingCode();
    const { redirect } = (await verifyCode(browser, requestId, code)).json<{ redirect: string }>();
    const url = new URL(redirect, 'http://localhost');
    const state = url.searchParams.get('state') ?? '';
    url.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    const wrong = await authCodeGrant(browser, `${url.pathname}${url.search}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toMatch(/state/);
    expect(browser.jar.get('portal_session')).toBeUndefined();
    expect((await authCodeGrant(browser, redirect)).statusCode).toBe(200);
  });

  it('another browser (no flow cookie) cannot redeem the code', async () => {
    const { browser, requestId, code } = await pendingCode();
    const { redirect } = (await verifyCode(browser, requestId, code)).json<{ redirect: string }>();
    const thief = await authCodeGrant(newBrowser(t.app), redirect);
    expect(thief.statusCode).toBe(401);
    expect((await authCodeGrant(browser, redirect)).statusCode).toBe(200);
  });

  it('a wrong PKCE verifier is refused, and burns the code (a replay then fails too)', async () => {
    const { browser, requestId, code } = await pendingCode();
    const { redirect } = (await verifyCode(browser, requestId, code)).json<{ redirect: string }>();
    const flowId = sha256Hex(browser.jar.get('portal_flow') ?? '');
    const [flow] = await t.database.db.select().from(authFlows).where(eq(authFlows.id, flowId));
    await t.database.db
      .update(authFlows)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(authFlows.id, flowId));
    const wrong = await authCodeGrant(browser, redirect);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ message: string }>().message).toMatch(/PKCE/);
    await t.database.db
      .update(authFlows)
      .set({ codeVerifier: flow?.codeVerifier })
      .where(eq(authFlows.id, flowId));
    const replay = await authCodeGrant(browser, redirect);
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ message: string }>().message).toMatch(/already used/);
  });

  it('an authorization code works once (replay refused at the help desk)', async () => {
    const helpdesk = t.app.connectors.helpdesk;
    const codeVerifier = 'v'.repeat(43);
    const { browser, requestId, code } = await pendingCode();
    // A request of our own with a challenge we know the verifier of.
    const [request] = await t.database.db
      .select()
      .from(helpdeskAuthRequests)
      .where(eq(helpdeskAuthRequests.id, requestId));
    await t.database.db
      .update(helpdeskAuthRequests)
      .set({ codeChallenge: pkceChallenge(codeVerifier) })
      .where(eq(helpdeskAuthRequests.id, requestId));
    const { redirect } = (await verifyCode(browser, requestId, code)).json<{ redirect: string }>();
    const authCode = new URL(redirect, 'http://localhost').searchParams.get('code') ?? '';
    const redirectUri = request?.redirectUri ?? '';
    const user = await helpdesk.exchangeCode({ code: authCode, codeVerifier, redirectUri });
    expect(user.email).toBe('customer@example.com');
    await expect(helpdesk.exchangeCode({ code: authCode, codeVerifier, redirectUri })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('an authorization code expires after 60 seconds', async () => {
    const { browser, requestId, code } = await pendingCode();
    const { redirect } = (await verifyCode(browser, requestId, code)).json<{ redirect: string }>();
    const authCode = new URL(redirect, 'http://localhost').searchParams.get('code') ?? '';
    const [row] = await t.database.db
      .select()
      .from(authorizationCodes)
      .where(eq(authorizationCodes.codeHash, sha256Hex(authCode)));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeLessThanOrEqual(61_000);
    await t.database.db
      .update(authorizationCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authorizationCodes.codeHash, sha256Hex(authCode)));
    expect((await authCodeGrant(browser, redirect)).statusCode).toBe(401);
  });

  it('the authorization page refuses an unknown client or a foreign redirect URI', async () => {
    const browser = newBrowser(t.app);
    expect((await login(browser, 'customer@example.com')).statusCode).toBe(200);
    const authorizeUrl = await initHelpdeskAuth(browser);
    for (const [name, value] of [
      ['client_id', 'someone-else'],
      ['redirect_uri', 'https://evil.example/zendeskAuth'],
      ['scope', 'read write'],
    ] as const) {
      const tampered = new URL(authorizeUrl);
      tampered.searchParams.set(name, value);
      const res = await startAuthorization(browser, tampered);
      expect(res.statusCode, name).toBe(400);
    }
    const noPkce = new URL(authorizeUrl);
    noPkce.searchParams.set('code_challenge_method', 'plain');
    expect((await startAuthorization(browser, noPkce)).statusCode).toBe(400);
  });

  it('an address the help desk does not know gets the same answer and no mail', async () => {
    const browser = newBrowser(t.app);
    expect((await login(browser, 'customer@example.com')).statusCode).toBe(200);
    const authorizeUrl = await initHelpdeskAuth(browser);
    authorizeUrl.searchParams.set('login_hint', 'stranger@example.com');
    const res = await startAuthorization(browser, authorizeUrl);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sentTo: 's***r@example.com' });
    await expect(t.sink.waitForCode('stranger@example.com', { timeoutMs: 300 })).rejects.toThrow(/no mail/);
  });

  it('/zendeskInitAuth without a sign-in in progress sends the browser home', async () => {
    const res = await get(newBrowser(t.app), '/zendeskInitAuth');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('a customer whose help-desk record is missing gets one on the way in', async () => {
    await t.database.db.delete(helpdeskUsers).where(eq(helpdeskUsers.email, 'customer@example.com'));
    const browser = newBrowser(t.app);
    expect((await login(browser, 'customer@example.com')).statusCode).toBe(200);
    expect((await completeHelpdeskStep(browser, t.sink, 'customer@example.com')).statusCode).toBe(200);
  });
});
