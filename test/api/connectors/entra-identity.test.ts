import { eq } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { azureAdAuthenticateOkSchema } from '../../../src/common/contracts/auth.js';
import { users } from '../../../src/server/db/schema/index.js';
import { aadsts50105, startEntraFake, type EntraFake } from '../../fakes/entra/index.js';
import { get, newBrowser, type Browser } from '../../support/auth-flow.js';
import { uniqueSuffix } from '../../support/factories.js';
import { createSourceBuild, inHtml } from '../../support/rendered-pages.js';
import type { TestApp } from '../../support/test-app.js';
import { useResource, useTestApp } from '../../support/use-test-app.js';

const CLIENT_ID = '0b1c2d3e-0000-4000-8000-00000000c11e';
const CLIENT_SECRET = 'a-test-client-secret';
const ADMIN_ROLE = 'Portal.Admin';
const ADMIN_GROUP = '5f1b9a3c-0000-4000-8000-0000000000aa';

/** Log lines of an app, parsed. */
type LogLine = { level: number; msg: string } & Record<string, unknown>;
function capturingLogger() {
  const lines: LogLine[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  );
  return { logger, lines };
}

const domain = 'acme.example';
const address = (name: string) => `${name}-${uniqueSuffix()}@${domain}`;
const groupIds = (n: number) =>
  Array.from({ length: n }, (_, i) => `0a0b0c0d-0000-4000-8000-${String(i).padStart(12, '0')}`);

/**
 * The corporate sign-in against a fake Microsoft Entra ID tenant (test/fakes/entra), through the portal's own
 * routes as the popup uses them: `/api/azureAD/login`, the tenant's sign-in, `/api/azureAD/authenticateCode`,
 * and the `/login/callback` page when the tenant refuses.
 */
describe('corporate sign-in against Microsoft Entra ID', () => {
  const agentName = address('agent');
  const adminName = address('boss');
  const plainName = address('unverified');
  const overageName = address('many-groups');
  const blockedName = address('blocked');
  const entra = useResource(
    () =>
      startEntraFake({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: ['http://localhost/login/callback'],
        accounts: [
          {
            username: agentName,
            name: 'Alex Agent',
            email: agentName,
            xmsEdov: true,
            roles: ['Portal.Agent'],
          },
          { username: adminName, name: 'Bea Boss', email: adminName, xmsEdov: true, roles: [ADMIN_ROLE] },
          // The optional claim email without xms_edov: Entra vouches for nothing.
          { username: plainName, name: 'Uma Unverified', email: plainName },
          {
            username: overageName,
            name: 'Olga Overage',
            email: overageName,
            xmsEdov: true,
            groups: groupIds(10).concat(ADMIN_GROUP),
          },
          {
            username: blockedName,
            name: 'Ben Blocked',
            email: blockedName,
            xmsEdov: true,
            notAssigned: true,
          },
        ],
      }),
    (fake) => fake.stop(),
  );
  const build = useResource(
    () => createSourceBuild(),
    (made) => made.remove(),
  );

  /** The app with the role rule, logging into `roleLog`. */
  const roleLog = capturingLogger();
  const t = useTestApp({
    accounts: false,
    seed: false,
    logger: roleLog.logger,
    get distDir() {
      return build.dir;
    },
    env: {
      get OIDC_ISSUER() {
        return entra.issuer;
      },
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_ADMIN_ROLE: ADMIN_ROLE,
    },
  });

  /** The same tenant and client, with the group rule instead. */
  const groupLog = capturingLogger();
  const byGroup = useTestApp({
    accounts: false,
    seed: false,
    logger: groupLog.logger,
    env: {
      get OIDC_ISSUER() {
        return entra.issuer;
      },
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_ADMIN_GROUP: ADMIN_GROUP,
    },
  });

  /** `/api/azureAD/login` and the tenant's sign-in: the query the tenant sends the popup back with. */
  async function popup(browser: Browser, fake: EntraFake, username: string): Promise<URL> {
    const start = await get(browser, '/api/azureAD/login');
    expect(start.statusCode).toBe(302);
    const location = String(start.headers.location);
    // Entra's authorize endpoint is under the tenant, beside the issuer's `/v2.0`.
    expect(location.startsWith(`${fake.url}/${fake.tenantId}/oauth2/v2.0/authorize?`)).toBe(true);
    const callback = await fake.signIn(location, username);
    expect(callback.pathname).toBe('/login/callback');
    return callback;
  }

  /** A whole popup sign-in in a new browser; `edit` rewrites the next ID token's claims. */
  async function signIn(app: TestApp, username: string, edit?: (claims: JWTPayload) => JWTPayload) {
    const browser = newBrowser(app.app);
    const callback = await popup(browser, entra, username);
    if (edit) entra.tamperNextIdToken(edit);
    const res = await get(browser, `/api/azureAD/authenticateCode${callback.search}`);
    return {
      res,
      browser,
      callback,
      user: () => azureAdAuthenticateOkSchema.parse(res.json()).userInfo.user,
    };
  }

  const roleOnFile = async (app: TestApp, email: string) => {
    const [row] = await app.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, email));
    return row?.role;
  };
  const linesAbout = (lines: LogLine[], email: string) => lines.filter((line) => line.email === email);

  it('signs in against the tenant-path issuer with an ID token shaped like Entra’s', async () => {
    let seen: JWTPayload | undefined;
    const done = await signIn(t, agentName, (claims) => {
      seen = claims;
      return claims;
    });
    // Entra sends no `iss` on the redirect (RFC 9207), so the portal must not need it.
    expect(done.callback.searchParams.get('iss')).toBeNull();
    expect(done.res.statusCode).toBe(200);
    expect(done.user()).toMatchObject({
      email: agentName,
      name: 'Alex Agent',
      role: 'agent',
      authLevel: 'azureAD',
    });
    expect(done.browser.jar.get('portal_session')).toBeDefined();
    const { oid, sub } = entra.identityOf(agentName);
    expect(seen).toMatchObject({
      iss: entra.issuer,
      aud: CLIENT_ID,
      ver: '2.0',
      tid: entra.tenantId,
      oid,
      sub,
      preferred_username: agentName,
      email: agentName,
      xms_edov: true,
      roles: ['Portal.Agent'],
    });
    expect(seen).not.toHaveProperty('email_verified');
    expect(entra.issuer).toBe(`${entra.url}/${entra.tenantId}/v2.0`);
  });

  it.each([
    [
      "another tenant's issuer",
      (fake: EntraFake) => (claims: JWTPayload) => ({ ...claims, iss: fake.otherTenantIssuer }),
    ],
    [
      'a wrong audience',
      () => (claims: JWTPayload) => ({ ...claims, aud: 'ffffffff-0000-4000-8000-000000000000' }),
    ],
    ['a wrong nonce', () => (claims: JWTPayload) => ({ ...claims, nonce: 'not-the-nonce-of-this-flow' })],
  ])('refuses an ID token with %s', async (_case, edit) => {
    const done = await signIn(t, agentName, edit(entra));
    expect(done.res.statusCode).toBe(401);
    expect(done.res.json()).toMatchObject({ message: 'The corporate sign-in could not be verified.' });
    expect(done.browser.jar.get('portal_session')).toBeUndefined();
  });

  it('makes an admin of the app role, and an agent again once the role is removed (each change logged)', async () => {
    const first = await signIn(t, adminName);
    expect(first.res.statusCode).toBe(200);
    expect(first.user()).toMatchObject({ email: adminName, role: 'admin' });
    expect(await roleOnFile(t, adminName)).toBe('admin');
    expect(linesAbout(roleLog.lines, adminName)).toEqual([
      expect.objectContaining({
        level: 30,
        from: 'agent',
        to: 'admin',
        msg: expect.stringMatching(/promoted/),
      }),
    ]);

    // The administrator removes the app role in the tenant: the next sign-in demotes.
    entra.updateAccount(adminName, { roles: [] });
    const next = await signIn(t, adminName);
    expect(next.res.statusCode).toBe(200);
    expect(next.user()).toMatchObject({ id: first.user().id, role: 'agent' });
    expect(await roleOnFile(t, adminName)).toBe('agent');
    const changes = linesAbout(roleLog.lines, adminName);
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({ from: 'admin', to: 'agent', msg: expect.stringMatching(/demoted/) });

    // Nothing changes, nothing is logged.
    expect((await signIn(t, adminName)).user().role).toBe('agent');
    expect(linesAbout(roleLog.lines, adminName)).toHaveLength(2);
    entra.updateAccount(adminName, { roles: [ADMIN_ROLE] });
  });

  it('the group rule makes an admin of the group; a groups overage never does, and warns to use app roles', async () => {
    const member = await signIn(byGroup, overageName);
    expect(member.res.statusCode).toBe(200);
    expect(member.user().role).toBe('admin');

    // Past 200 groups Entra names none (the overage), though the admin group is among them.
    entra.updateAccount(overageName, { groups: groupIds(200).concat(ADMIN_GROUP) });
    let seen: JWTPayload | undefined;
    const over = await signIn(byGroup, overageName, (claims) => {
      seen = claims;
      return claims;
    });
    expect(seen).not.toHaveProperty('groups');
    expect(seen).toMatchObject({ _claim_names: { groups: 'src1' } });
    expect(over.res.statusCode).toBe(200);
    expect(over.user()).toMatchObject({ id: member.user().id, role: 'agent' });
    const warnings = groupLog.lines.filter((line) => line.level === 40 && /overage/.test(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/app role.*OIDC_ADMIN_ROLE/);
    expect(warnings[0]).toMatchObject({
      subject: entra.identityOf(overageName).sub,
      adminGroup: ADMIN_GROUP,
    });
    expect(linesAbout(groupLog.lines, overageName).at(-1)).toMatchObject({ from: 'admin', to: 'agent' });
  });

  it('takes xms_edov as a verified email; without it (and no email_verified) a new account is refused', async () => {
    const silent = await signIn(t, plainName);
    expect(silent.res.statusCode).toBe(403);
    expect(silent.res.json<{ message: string }>().message).toMatch(/did not confirm your email address/);
    expect(await roleOnFile(t, plainName)).toBeUndefined();

    entra.updateAccount(plainName, { xmsEdov: true });
    const vouched = await signIn(t, plainName);
    expect(vouched.res.statusCode).toBe(200);
    expect(vouched.user()).toMatchObject({ email: plainName, role: 'agent' });
  });

  it("shows Entra's AADSTS50105 sentence on the /login/callback page, as text", async () => {
    const browser = newBrowser(t.app);
    const callback = await popup(browser, entra, blockedName);
    expect(callback.searchParams.get('code')).toBeNull();
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const description = callback.searchParams.get('error_description') ?? '';
    expect(description).toMatch(/^AADSTS50105: Your administrator has configured the application/);
    expect(callback.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await get(browser, `/login/callback${callback.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign-in could not be completed');
    expect(page.body).toContain(inHtml(`The identity provider said: ${description.slice(0, 200)}`));
    expect(browser.jar.get('portal_session')).toBeUndefined();

    // The sentence is the provider's: markup in it stays text.
    const planted = new URLSearchParams({
      error: 'access_denied',
      error_description: `${aadsts50105(CLIENT_ID, blockedName).slice(0, 40)} <img src=x onerror=alert(1)>`,
      state: 's'.repeat(43),
    });
    const hostile = await get(newBrowser(t.app), `/login/callback?${planted.toString()}`);
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain('<img src=x');
    expect(hostile.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
