import { eq } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  azureAdAuthenticateOkSchema,
  authCodeGrantOkSchema,
  meResponseSchema,
} from '../../../src/common/contracts/auth.js';
import type { App } from '../../../src/server/app.js';
import { userIdentities, users } from '../../../src/server/db/schema/index.js';
import { completeHelpdeskStep, get, newBrowser, type Browser } from '../../support/auth-flow.js';
import { startOidcProvider } from '../../support/peers/oidc-provider.js';
import { createAdmin, createAgent, uniqueSuffix, type CreatedStaff } from '../../support/factories.js';
import { createTestApp } from '../../support/test-app.js';
import { useMailTestApp, useResource } from '../../support/use-test-app.js';

const CLIENT_ID = 'portal-test';
const CLIENT_SECRET = 'a-test-client-secret';

describe('agent sign-in through the corporate OpenID Connect provider', () => {
  // Addresses outside the corporate domain, which the provider knows and the portal must refuse.
  const outsiderEmail = `outsider-${uniqueSuffix()}@example.com`;
  const partnerEmail = `customer-${uniqueSuffix()}@acme-partner.example`;
  const idp = useResource(
    () =>
      startOidcProvider({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: ['http://localhost/login/callback'],
        accounts: [
          { email: outsiderEmail, name: 'Oscar Outsider' },
          { email: partnerEmail, name: 'Casey Partner' },
        ],
      }),
    (peer) => peer.stop(),
  );
  const t = useMailTestApp({
    accounts: false,
    env: {
      // Read when the app is built, once the provider (started just before) knows its port.
      get OIDC_ISSUER() {
        return idp.issuer;
      },
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
    },
  });

  /** The portal's agent and admin, made by the test; the provider knows them by these addresses. */
  let agent: CreatedStaff;
  let admin: CreatedStaff;
  /** The provider's subjects for them. */
  const agentSubject = `sub-agent-${uniqueSuffix()}`;
  const adminSubject = `sub-admin-${uniqueSuffix()}`;
  /** Corporate accounts of the provider the portal has no user for. */
  let newAgentEmail = '';
  let unverifiedNewEmail = '';
  /** A corporate address no account has: the email a renamed mailbox claims. */
  let renamedEmail = '';
  beforeAll(async () => {
    const corporateDomain = t.app.portalConfig.support.corporateEmailDomain;
    agent = await createAgent(t.app);
    admin = await createAdmin(t.app);
    newAgentEmail = `new.agent-${uniqueSuffix()}@${corporateDomain}`;
    unverifiedNewEmail = `unverified.new-${uniqueSuffix()}@${corporateDomain}`;
    renamedEmail = `renamed-${uniqueSuffix()}@${corporateDomain}`;
    // The portal's own staff, at the addresses the portal has on file (the provider's names differ on purpose).
    idp.addAccount({ email: agent.email, name: `${agent.name} (IdP)`, sub: agentSubject });
    idp.addAccount({ email: newAgentEmail, name: 'Nia New' });
    idp.addAccount({
      email: admin.email,
      name: `${admin.name} (IdP)`,
      sub: adminSubject,
      emailVerified: false,
    });
    idp.addAccount({ email: unverifiedNewEmail, name: 'Uma Unverified', emailVerified: false });
  });

  /** The same agent and admin in another portal (same addresses, so the provider knows them too). */
  async function copyPortalStaff(app: App): Promise<void> {
    await createAgent(app, { email: agent.email, name: agent.name });
    await createAdmin(app, { email: admin.email, name: admin.name });
  }

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
    const query = await popup(browser, agent.email);
    const done = await get(browser, `/api/azureAD/authenticateCode${query}`);
    expect(done.statusCode).toBe(200);
    const body = azureAdAuthenticateOkSchema.parse(done.json());
    expect(body.redirect).toBe('/zendeskInitAuth');
    // The existing agent keeps the name and role on file.
    expect(body.userInfo.user).toMatchObject({
      email: agent.email,
      name: agent.name,
      role: 'agent',
      authLevel: 'azureAD',
    });
    const firstSession = browser.jar.get('portal_session');
    expect(firstSession).toBeDefined();

    // The help-desk step, as role agent.
    const init = await get(browser, '/zendeskInitAuth');
    expect(new URL(String(init.headers.location), 'http://localhost').searchParams.get('role')).toBe('agent');
    const granted = await completeHelpdeskStep(browser, t.sink, agent.email);
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
    const done = await get(browser, `/api/azureAD/authenticateCode${await popup(browser, newAgentEmail)}`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      userInfo: { user: { name: 'Nia New', role: 'agent', userType: 'agent' } },
    });
  });

  it('an account outside the corporate domain is refused', async () => {
    for (const email of [outsiderEmail, partnerEmail]) {
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
    const query = await popup(browser, agent.email);
    idp.tamperNextIdToken(edit);
    const res = await get(browser, `/api/azureAD/authenticateCode${query}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'The corporate sign-in could not be verified.' });
    expect(browser.jar.get('portal_session')).toBeUndefined();
  });

  it('a wrong state is refused before the code is redeemed', async () => {
    const browser = newBrowser(t.app);
    const params = new URLSearchParams(await popup(browser, agent.email));
    params.set('state', 'x'.repeat(43));
    const res = await get(browser, `/api/azureAD/authenticateCode?${params.toString()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/state/);
  });

  it('a callback in another browser (no flow cookie) is refused', async () => {
    const query = await popup(newBrowser(t.app), agent.email);
    const res = await get(newBrowser(t.app), `/api/azureAD/authenticateCode${query}`);
    expect(res.statusCode).toBe(401);
  });

  it('a cross-site request to the callback API is refused', async () => {
    const browser = newBrowser(t.app);
    const query = await popup(browser, agent.email);
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
    const unverified = await signInAs(admin.email);
    expect(unverified.res.statusCode).toBe(403);
    expect(unverified.res.json()).toEqual({
      error: 'Forbidden',
      message: expect.stringMatching(/^The corporate sign-in did not confirm your email address/),
    });
    expect(unverified.browser.jar.get('portal_session')).toBeUndefined();

    // No email_verified at all is no better (unless OIDC_EMAILS_VERIFIED says so, below).
    const silent = await signInAs(admin.email, dropVerified);
    expect(silent.res.statusCode).toBe(403);
    expect(silent.browser.jar.get('portal_session')).toBeUndefined();
    expect(await linksOf(adminSubject)).toEqual([]);
  });

  it('an unverified email creates no account either', async () => {
    expect((await signInAs(unverifiedNewEmail)).res.statusCode).toBe(403);
    expect(await usersWithEmail(unverifiedNewEmail)).toEqual([]);
  });

  it('a verified email links the account; later sign-ins follow the subject, even with another email', async () => {
    const linked = await signInAs(agent.email);
    expect(linked.res.statusCode).toBe(200);
    const linkedUser = linked.user();
    expect(await linksOf(agentSubject)).toEqual([
      expect.objectContaining({ issuer: idp.issuer, subject: agentSubject, userId: linkedUser.id }),
    ]);

    // The provider now says another address (a renamed mailbox), not even verified: the subject decides.
    const again = await signInAs(agent.email, (claims) => ({
      ...claims,
      email: renamedEmail,
      email_verified: false,
    }));
    expect(again.res.statusCode).toBe(200);
    expect(again.user()).toMatchObject({ id: linkedUser.id, email: agent.email, name: agent.name });
    expect(await usersWithEmail(renamedEmail)).toEqual([]);
  });

  it('a linked subject is never moved to another account by the email claim (even a verified one)', async () => {
    expect((await signInAs(agent.email)).res.statusCode).toBe(200);
    expect(await linksOf(agentSubject)).toHaveLength(1);
    const moved = await signInAs(agent.email, (claims) => ({
      ...claims,
      email: admin.email,
      email_verified: true,
    }));
    expect(moved.res.statusCode).toBe(200);
    expect(moved.user()).toMatchObject({ email: agent.email, role: 'agent' });
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
      await copyPortalStaff(trusting.app);
      const refused = await signInAs(admin.email, undefined, trusting.app);
      expect(refused.res.statusCode).toBe(403);

      const trusted = await signInAs(admin.email, dropVerified, trusting.app);
      expect(trusted.res.statusCode).toBe(200);
      const trustedAdmin = trusted.user();
      expect(trustedAdmin).toMatchObject({ email: admin.email, role: 'admin' });
      const [link] = await trusting.database.db
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.subject, adminSubject));
      expect(link).toMatchObject({ issuer: idp.issuer, userId: trustedAdmin.id });
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
