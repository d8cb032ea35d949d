import { eq } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  azureAdAuthenticateOkSchema,
  authCodeGrantOkSchema,
  meResponseSchema,
} from '../../../src/common/contracts/auth.js';
import { userIdentities, users } from '../../../src/server/db/schema.js';
import { completeHelpdeskStep, get, newBrowser, type Browser } from '../../support/auth-flow.js';
import { startOidcProvider, type OidcProviderPeer } from '../../support/peers/oidc-provider.js';
import { startSmtpSink, type SmtpSink } from '../../support/peers/smtp-sink.js';
import { createAdmin, createAgent } from '../../support/factories.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const CLIENT_ID = 'portal-test';
const CLIENT_SECRET = 'a-test-client-secret';

/** The agent and the admin the portal has on file; the provider's directory above names them too. */
async function createPortalStaff(app: TestApp['app']): Promise<void> {
  await createAgent(app, { email: 'agent@acme.example', name: 'Alex Agent' });
  await createAdmin(app, { email: 'admin@acme.example', name: 'Ada Admin' });
}

describe('agent sign-in through the corporate OpenID Connect provider', () => {
  let idp: OidcProviderPeer;
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: ['http://localhost/login/callback'],
      accounts: [
        { email: 'agent@acme.example', name: 'Alex Agent (IdP)' },
        { email: 'new.agent@acme.example', name: 'Nia New' },
        { email: 'outsider@example.com', name: 'Oscar Outsider' },
        { email: 'customer@acme-partner.example', name: 'Casey Partner' },
        { email: 'admin@acme.example', name: 'Ada Admin (IdP)', emailVerified: false },
        { email: 'unverified.new@acme.example', name: 'Uma Unverified', emailVerified: false },
      ],
    });
    sink = await startSmtpSink();
    t = await createTestApp({
      accounts: false,
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        SMTP_URL: sink.url,
      },
    });
    // The portal's own staff, at the addresses the provider knows them by (its names differ on purpose).
    await createPortalStaff(t.app);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
    await idp.stop();
  });

  /** The popup: /api/azureAD/login, the provider's sign-in, and the callback's query. */
  async function popup(browser: Browser, email: string): Promise<string> {
    const start = await get(browser, '/api/azureAD/login');
    expect(start.statusCode).toBe(302);
    const location = String(start.headers.location);
    expect(location.startsWith(`${idp.issuer}/`)).toBe(true);
    const authorize = new URL(location);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost/login/callback');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const callback = await idp.signIn(location, email);
    expect(callback.pathname).toBe('/login/callback');
    return callback.search;
  }

  it('the providers call says the popup is offered', async () => {
    const res = await get(newBrowser(t.app), '/api/auth/providers');
    expect(res.json()).toEqual({ oidc: true });
  });

  it('popup -> session (azureAD) -> help desk -> /jiraAuth -> tracker -> /code -> signed in everywhere', async () => {
    const browser = newBrowser(t.app);
    const query = await popup(browser, 'agent@acme.example');
    const done = await get(browser, `/api/azureAD/authenticateCode${query}`);
    expect(done.statusCode).toBe(200);
    const body = azureAdAuthenticateOkSchema.parse(done.json());
    expect(body.redirect).toBe('/zendeskInitAuth');
    // The existing agent keeps the name and role on file.
    expect(body.userInfo.user).toMatchObject({
      email: 'agent@acme.example',
      name: 'Alex Agent',
      role: 'agent',
      authLevel: 'azureAD',
    });
    const firstSession = browser.jar.get('portal_session');
    expect(firstSession).toBeDefined();

    // The help-desk step, as role agent.
    const init = await get(browser, '/zendeskInitAuth');
    expect(new URL(String(init.headers.location), 'http://localhost').searchParams.get('role')).toBe('agent');
    const granted = await completeHelpdeskStep(browser, sink, 'agent@acme.example');
    expect(granted.statusCode).toBe(200);
    const grantBody = authCodeGrantOkSchema.parse(granted.json());
    expect(grantBody.redirect).toBe('/jiraAuth');
    expect(grantBody.userInfo.user.authLevel).toBe('azureAD');
    expect(browser.jar.get('portal_session')).not.toBe(firstSession);

    // The tracker authorization.
    const jira = await get(browser, '/jiraAuth');
    expect(jira.statusCode).toBe(302);
    const trackerAuthorize = String(jira.headers.location);
    expect(trackerAuthorize).toMatch(/^\/tracker\/authorize\?/);
    const issued = await get(browser, trackerAuthorize);
    expect(issued.statusCode).toBe(302);
    const codeUrl = new URL(String(issued.headers.location), 'http://localhost');
    expect(codeUrl.pathname).toBe('/code');
    expect(codeUrl.searchParams.get('code')).toBeTruthy();
    const tracked = await get(browser, `/api/jira/authenticateCode${codeUrl.search}`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toEqual({ redirect: '/' });
    const me = meResponseSchema.parse((await get(browser, '/api/zendesk/me')).json());
    expect(me.user).toMatchObject({ role: 'agent', authLevel: 'azureAD', trackerAuthorized: true });

    // The tracker's code works once.
    const replay = await get(browser, `/api/jira/authenticateCode${codeUrl.search}`);
    expect(replay.statusCode).toBe(401);
  });

  it('a new corporate account becomes an agent', async () => {
    const browser = newBrowser(t.app);
    const done = await get(
      browser,
      `/api/azureAD/authenticateCode${await popup(browser, 'new.agent@acme.example')}`,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      userInfo: { user: { name: 'Nia New', role: 'agent', userType: 'agent' } },
    });
  });

  it('an account outside the corporate domain is refused', async () => {
    for (const email of ['outsider@example.com', 'customer@acme-partner.example']) {
      const browser = newBrowser(t.app);
      const res = await get(browser, `/api/azureAD/authenticateCode${await popup(browser, email)}`);
      expect(res.statusCode, email).toBe(403);
      expect(browser.jar.get('portal_session')).toBeUndefined();
    }
  });

  it.each([
    ['a wrong issuer', (claims: Record<string, unknown>) => ({ ...claims, iss: 'http://127.0.0.1:1' })],
    [
      'a wrong audience (another client id)',
      (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-client' }),
    ],
    [
      'a wrong nonce',
      (claims: Record<string, unknown>) => ({ ...claims, nonce: 'not-the-nonce-of-this-flow' }),
    ],
    ['no nonce', ({ nonce: _nonce, ...claims }: Record<string, unknown>) => claims],
    [
      'an expired ID token',
      (claims: Record<string, unknown>) => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 3600 }),
    ],
  ])('an ID token with %s is refused', async (_case, edit) => {
    const browser = newBrowser(t.app);
    const query = await popup(browser, 'agent@acme.example');
    idp.tamperNextIdToken(edit);
    const res = await get(browser, `/api/azureAD/authenticateCode${query}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'The corporate sign-in could not be verified.' });
    expect(browser.jar.get('portal_session')).toBeUndefined();
  });

  it('a wrong state is refused before the code is redeemed', async () => {
    const browser = newBrowser(t.app);
    const params = new URLSearchParams(await popup(browser, 'agent@acme.example'));
    params.set('state', 'x'.repeat(43));
    const res = await get(browser, `/api/azureAD/authenticateCode?${params.toString()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/state/);
  });

  it('a callback in another browser (no flow cookie) is refused', async () => {
    const query = await popup(newBrowser(t.app), 'agent@acme.example');
    const res = await get(newBrowser(t.app), `/api/azureAD/authenticateCode${query}`);
    expect(res.statusCode).toBe(401);
  });

  it('a cross-site request to the callback API is refused', async () => {
    const browser = newBrowser(t.app);
    const query = await popup(browser, 'agent@acme.example');
    const res = await get(browser, `/api/azureAD/authenticateCode${query}`, {
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
  });

  /** The links of the provider's subject (there is at most one). */
  const linksOf = (subject: string) =>
    t.database.db.select().from(userIdentities).where(eq(userIdentities.subject, subject));
  const usersWithEmail = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));
  const dropVerified = ({ email_verified: _claim, ...claims }: JWTPayload): JWTPayload => claims;

  /** A whole popup sign-in in a new browser; `edit` rewrites the claims of the ID token it gets. */
  async function signInAs(email: string, edit?: (claims: JWTPayload) => JWTPayload, app = t.app) {
    const browser = newBrowser(app);
    const query = await popup(browser, email);
    if (edit) idp.tamperNextIdToken(edit);
    const res = await get(browser, `/api/azureAD/authenticateCode${query}`);
    return { res, browser, user: () => azureAdAuthenticateOkSchema.parse(res.json()).userInfo.user };
  }

  it('an unverified email of an existing admin is refused: no session, a clear error, no link', async () => {
    const unverified = await signInAs('admin@acme.example');
    expect(unverified.res.statusCode).toBe(403);
    expect(unverified.res.json()).toEqual({
      error: 'Forbidden',
      message: expect.stringMatching(/^The corporate sign-in did not confirm your email address/),
    });
    expect(unverified.browser.jar.get('portal_session')).toBeUndefined();

    // No email_verified at all is no better (unless OIDC_EMAILS_VERIFIED says so, below).
    const silent = await signInAs('admin@acme.example', dropVerified);
    expect(silent.res.statusCode).toBe(403);
    expect(silent.browser.jar.get('portal_session')).toBeUndefined();
    expect(await linksOf('sub-admin-acme-example')).toEqual([]);
  });

  it('an unverified email creates no account either', async () => {
    expect((await signInAs('unverified.new@acme.example')).res.statusCode).toBe(403);
    expect(await usersWithEmail('unverified.new@acme.example')).toEqual([]);
  });

  it('a verified email links the account; later sign-ins follow the subject, even with another email', async () => {
    const linked = await signInAs('agent@acme.example');
    expect(linked.res.statusCode).toBe(200);
    const agent = linked.user();
    expect(await linksOf('sub-agent-acme-example')).toEqual([
      expect.objectContaining({ issuer: idp.issuer, subject: 'sub-agent-acme-example', userId: agent.id }),
    ]);

    // The provider now says another address (a renamed mailbox), not even verified: the subject decides.
    const again = await signInAs('agent@acme.example', (claims) => ({
      ...claims,
      email: 'alex.renamed@acme.example',
      email_verified: false,
    }));
    expect(again.res.statusCode).toBe(200);
    expect(again.user()).toMatchObject({ id: agent.id, email: 'agent@acme.example', name: 'Alex Agent' });
    expect(await usersWithEmail('alex.renamed@acme.example')).toEqual([]);
  });

  it('a linked subject is never moved to another account by the email claim (even a verified one)', async () => {
    expect((await signInAs('agent@acme.example')).res.statusCode).toBe(200);
    expect(await linksOf('sub-agent-acme-example')).toHaveLength(1);
    const moved = await signInAs('agent@acme.example', (claims) => ({
      ...claims,
      email: 'admin@acme.example',
      email_verified: true,
    }));
    expect(moved.res.statusCode).toBe(200);
    expect(moved.user()).toMatchObject({ email: 'agent@acme.example', role: 'agent' });
  });

  it('with OIDC_EMAILS_VERIFIED=true an address without email_verified is trusted (Entra ID), a false one not', async () => {
    const trusting = await createTestApp({
      accounts: false,
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_EMAILS_VERIFIED: 'true',
      },
    });
    try {
      await createPortalStaff(trusting.app);
      const refused = await signInAs('admin@acme.example', undefined, trusting.app);
      expect(refused.res.statusCode).toBe(403);

      const trusted = await signInAs('admin@acme.example', dropVerified, trusting.app);
      expect(trusted.res.statusCode).toBe(200);
      const admin = trusted.user();
      expect(admin).toMatchObject({ email: 'admin@acme.example', role: 'admin' });
      const [link] = await trusting.database.db
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.subject, 'sub-admin-acme-example'));
      expect(link).toMatchObject({ issuer: idp.issuer, userId: admin.id });
    } finally {
      await trusting.close();
    }
  });

  it('the tracker refuses a customer (access_denied) and /jiraAuth sends a customer home', async () => {
    const browser = newBrowser(t.app);
    expect((await get(browser, '/jiraAuth')).headers.location).toBe('/');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'portal',
      redirect_uri: 'http://localhost/code',
      state: 's'.repeat(43),
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
    const res = await get(browser, `/tracker/authorize?${query.toString()}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/code?error=access_denied&state=${'s'.repeat(43)}`);
    query.set('redirect_uri', 'https://evil.example/code');
    expect((await get(browser, `/tracker/authorize?${query.toString()}`)).statusCode).toBe(400);
  });
});

describe('agent sign-in when no identity provider is configured, or it is down', () => {
  it('without OIDC_ISSUER the popup is not offered', async () => {
    const t = await createTestApp({ seed: false });
    try {
      expect((await get(newBrowser(t.app), '/api/auth/providers')).json()).toEqual({ oidc: false });
      const res = await get(newBrowser(t.app), '/api/azureAD/login');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Corporate sign-in is not configured on this portal.' });
    } finally {
      await t.close();
    }
  });

  it('the portal starts while the provider is down; the popup answers 503 until it is back', async () => {
    // Nothing listens on port 1: discovery fails, lazily, at the first sign-in.
    const t = await createTestApp({
      seed: false,
      env: { OIDC_ISSUER: 'http://127.0.0.1:1', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' },
    });
    try {
      expect((await get(newBrowser(t.app), '/healthz')).statusCode).toBe(200);
      const res = await get(newBrowser(t.app), '/api/azureAD/login');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'Service Unavailable' });
    } finally {
      await t.close();
    }
  });
});
