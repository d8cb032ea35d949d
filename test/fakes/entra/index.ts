import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider, { type Account, type GrantLookupContext, type ProviderContext } from 'oidc-provider';
import { sendJson, type LoggedRequest } from '../harness';
import { followSignIn } from '../../support/follow-sign-in';

/**
 * A fake Microsoft Entra ID tenant for the corporate sign-in's tests: a real OpenID Connect provider
 * (`oidc-provider` 9) on 127.0.0.1, laid out and answering like one tenant of the Microsoft identity platform.
 *
 *   const entra = await startEntraFake({
 *     clientId: 'portal', clientSecret: 'secret',
 *     redirectUris: ['http://localhost/login/callback'],
 *     accounts: [{ username: 'alex@acme.example', name: 'Alex Agent', email: 'alex@acme.example', roles: ['Portal.Admin'] }],
 *   });
 *   // portal env: OIDC_ISSUER=entra.issuer OIDC_CLIENT_ID=portal OIDC_CLIENT_SECRET=secret
 *
 * Paths, as for a tenant of login.microsoftonline.com (the discovery document of a
 * tenant, quoted in https://github.com/openid/AppAuth-iOS/pull/106):
 *   GET  /{tenant}/v2.0/.well-known/openid-configuration   issuer http://127.0.0.1:<port>/{tenant}/v2.0
 *   GET  /{tenant}/oauth2/v2.0/authorize                    authorization code flow (PKCE taken, not required)
 *   POST /{tenant}/oauth2/v2.0/token                        client_secret_basic (the portal's method; not
 *                                                           checked here which methods Entra lists)
 *   GET  /{tenant}/discovery/v2.0/keys
 *   GET  /{tenant}/login/{uid}                              the sign-in page: one field "Username", a "Sign in" button
 * Any other tenant's path answers 400 AADSTS90002 (not checked against Entra: its exact answer to an unknown
 * tenant).
 *
 * ID tokens carry Entra's claims (https://learn.microsoft.com/entra/identity-platform/id-token-claims-reference):
 * `ver` "2.0", `tid`, `oid`, a pairwise `sub` (per account and client), `preferred_username`, `name`, `roles`
 * (the app roles assigned, when any), `groups` (object ids, when the account has any) and the optional claims
 * `email` and `xms_edov` when the account has them
 * (https://learn.microsoft.com/entra/identity-platform/optional-claims-reference). Never `email_verified`: it
 * is not among Entra's ID token claims. An account in more than 200 groups gets the overage instead of
 * `groups`: `_claim_names: {groups: "src1"}` and `_claim_sources: {src1: {endpoint: <Graph getMemberObjects>}}`
 * (https://learn.microsoft.com/entra/identity-platform/access-tokens, "groups"). As at Entra, the redirect to
 * the client carries no `iss` and the metadata does not offer it (RFC 9207 is not implemented there).
 *
 * An account with `notAssigned` is one that "assignment required" keeps out: its sign-in succeeds and the
 * authorization answers `error=access_denied&error_description=AADSTS50105: ...` on the redirect
 * (https://devopsaitoolkit.com/blog/azure-error-aadsts50105/; codes: https://docs.microsoft.com/en-us/azure/active-directory/develop/reference-aadsts-error-codes).
 *
 * Test controls:
 *   entra.signIn(authorizeUrl, username)      the sign-in without a browser: answers the redirect to the client
 *   entra.updateAccount(username, change)     the administrator assigns or removes app roles, groups...
 *   entra.tamperNextIdToken(edit)             the next ID token's claims become edit(claims), validly signed
 *   entra.otherTenantIssuer                   the issuer of another tenant of the same host, for `edit`
 *   entra.log                                 every request except the control routes (harness.ts's shape)
 * and over HTTP, for a process that did not start it:
 *   GET  /__fake/ready  200 {url, issuer}
 *   GET  /__fake/log    200 {requests}
 *   POST /__fake/tamper {iss?, aud?, nonce?} → 204: the next ID token gets those claim values
 *   POST /__fake/roles  {username, roles} → 204: the administrator sets the account's app roles (404 if none)
 */

export interface EntraFakeAccount {
  /** The sign-in name, the ID token's `preferred_username` (the UPN, an address-like string). */
  username: string;
  name: string;
  /** The optional claim `email`; without it the token has none. */
  email?: string;
  /** The optional claim `xms_edov` (the email's domain is verified by the tenant); absent unless set. */
  xmsEdov?: boolean;
  /** Values of the app roles assigned to the account or its groups. */
  roles?: string[];
  /** Object ids of the account's groups: more than 200 become the overage. */
  groups?: string[];
  /** The user object id; default a new GUID. */
  oid?: string;
  /** Assignment is required and this account is not assigned: the authorization answers AADSTS50105. */
  notAssigned?: boolean;
}

export interface StartEntraFakeOptions {
  /** Default: a free port. */
  port?: number;
  /** The tenant id (a GUID) in every path and in `tid`; default a new one. */
  tenantId?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: EntraFakeAccount[];
}

export interface EntraFake {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  tenantId: string;
  /** `http://127.0.0.1:<port>/<tenant>/v2.0`: the portal's OIDC_ISSUER. */
  issuer: string;
  /** The issuer another tenant of this host would have. */
  otherTenantIssuer: string;
  log: LoggedRequest[];
  signIn(authorizeUrl: string, username: string): Promise<URL>;
  addAccount(account: EntraFakeAccount): void;
  updateAccount(username: string, change: Partial<Omit<EntraFakeAccount, 'username' | 'oid'>>): void;
  /** The `oid` and pairwise `sub` the fake gives an account. */
  identityOf(username: string): { oid: string; sub: string };
  tamperNextIdToken(edit: (claims: JWTPayload) => JWTPayload): void;
  stop(): Promise<void>;
}

/** A control route's JSON object body, or undefined when it is not one. */
function jsonObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Entra puts at most 200 group ids in a JWT; past that, the overage. */
export const GROUPS_IN_JWT_MAX = 200;

/** The application's display name in the AADSTS sentences. */
const APP_NAME = 'Support Portal';

/**
 * Entra's sentence for an unassigned user (its wording as quoted in the pages cited above; trace and
 * correlation ids vary per request).
 */
export function aadsts50105(clientId: string, username: string): string {
  return (
    `AADSTS50105: Your administrator has configured the application ${APP_NAME} ('${clientId}') to block ` +
    `users unless they are specifically granted ('assigned') access to the application. The signed in user ` +
    `'${username}' is blocked because they are not a direct member of a group with access, nor had access ` +
    `directly assigned by an administrator. Please contact your administrator to assign access to this ` +
    `application. Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()} Timestamp: ` +
    `${new Date().toISOString().replace('T', ' ').slice(0, 19)}Z`
  );
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(action: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in to your account</title></head>
<body><main><h1>Sign in</h1><p>Fake Microsoft Entra ID tenant.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="username">Username</label> <input id="username" name="username" autocomplete="username" required>
<button type="submit">Sign in</button>
</form></main></body></html>`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface StoredAccount extends EntraFakeAccount {
  oid: string;
  sub: string;
}

/** Entra's `sub` is pairwise: one value per user and application, 43 base64url characters. */
function pairwiseSub(oid: string, clientId: string): string {
  return createHash('sha256').update(`${oid}:${clientId}`).digest('base64url');
}

/** The Entra claims of an account, as the ID token carries them. */
function entraClaims(account: StoredAccount, tenantId: string): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    ver: '2.0',
    tid: tenantId,
    oid: account.oid,
    preferred_username: account.username,
    name: account.name,
  };
  if (account.email !== undefined) claims.email = account.email;
  if (account.xmsEdov !== undefined) claims.xms_edov = account.xmsEdov;
  if (account.roles && account.roles.length > 0) claims.roles = [...account.roles];
  const groups = account.groups ?? [];
  if (groups.length > GROUPS_IN_JWT_MAX) {
    claims._claim_names = { groups: 'src1' };
    claims._claim_sources = {
      src1: { endpoint: `https://graph.microsoft.com/v1.0/users/${account.oid}/getMemberObjects` },
    };
  } else if (groups.length > 0) {
    claims.groups = [...groups];
  }
  return claims;
}

export async function startEntraFake(options: StartEntraFakeOptions): Promise<EntraFake> {
  const tenantId = options.tenantId ?? randomUUID();
  const accounts: StoredAccount[] = [];
  const toStored = (account: EntraFakeAccount): StoredAccount => {
    const oid = account.oid ?? randomUUID();
    return { ...account, oid, sub: pairwiseSub(oid, options.clientId) };
  };
  const byUsername = (username: string) =>
    accounts.find((account) => account.username.toLowerCase() === username.trim().toLowerCase());
  for (const account of options.accounts) accounts.push(toStored(account));

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;
  const log: LoggedRequest[] = [];

  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const tenantPath = `/${tenantId}`;
  const issuer = `${url}${tenantPath}/v2.0`;
  const otherTenantIssuer = `${url}/${randomUUID()}/v2.0`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // Relative to the tenant path (see `route` below), as Entra's endpoints are.
    routes: {
      authorization: '/oauth2/v2.0/authorize',
      token: '/oauth2/v2.0/token',
      jwks: '/discovery/v2.0/keys',
      end_session: '/oauth2/v2.0/logout',
      userinfo: '/oidc/userinfo',
    },
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    // Entra's lifetimes are about an hour; fixed here so oidc-provider does not warn about its defaults.
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 3600,
      IdToken: 3600,
      AuthorizationCode: 600,
    },
    interactions: { url: (_ctx, interaction) => `${tenantPath}/login/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
      const account = accounts.find((candidate) => candidate.sub === sub);
      if (!account) return undefined;
      return { accountId: account.sub, claims: () => ({ sub: account.sub, name: account.name }) };
    },
    // Consent is granted (an administrator consented for the tenant): the flow never stops at a consent page.
    async loadExistingGrant(ctx: GrantLookupContext) {
      const { client, session, result, provider: owner } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return owner.Grant.find(grantId);
      const grant = new owner.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'name']);
      await grant.save();
      return grant;
    },
  });

  provider.use(async (ctx: ProviderContext, next) => {
    await next();
    if (ctx.path === '/.well-known/openid-configuration' && typeof ctx.body === 'object' && ctx.body) {
      delete (ctx.body as Record<string, unknown>).authorization_response_iss_parameter_supported;
      return;
    }
    if (ctx.status >= 300 && ctx.status < 400) {
      const location = ctx.response.get('location');
      if (location && location.includes('iss=')) {
        const target = new URL(location);
        target.searchParams.delete('iss');
        ctx.response.set('location', target.toString());
      }
      return;
    }
    if (ctx.path !== '/oauth2/v2.0/token' || typeof ctx.body !== 'object' || ctx.body === null) return;
    const body = ctx.body as { id_token?: unknown };
    if (typeof body.id_token !== 'string') return;
    // oidc-provider's own token, made Entra's: its claims plus Entra's, no email_verified.
    const { email_verified: _verified, email: _email, ...standard } = decodeJwt(body.id_token);
    const account = accounts.find((candidate) => candidate.sub === standard.sub);
    let claims: JWTPayload = { ...standard, ...(account ? entraClaims(account, tenantId) : {}) };
    if (tamper) {
      claims = tamper(claims);
      tamper = undefined;
    }
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(privateKey);
  });

  const providerHandler = provider.callback();

  /** The sign-in page: the account is found by its username; a `notAssigned` one gets AADSTS50105. */
  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, entry: LoggedRequest) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== 'login') {
      await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
      return;
    }
    const action = `${tenantPath}/login/${uid}`;
    if (req.method === 'POST') {
      const username = new URLSearchParams((await readBody(req)).toString('utf8')).get('username') ?? '';
      const account = byUsername(username);
      if (account?.notAssigned) {
        entry.outcome.signIn = 'not-assigned';
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: aadsts50105(options.clientId, account.username) },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (account) {
        entry.outcome.signIn = 'signed-in';
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      entry.outcome.signIn = 'unknown-user';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      // Entra's wording for an unknown user (AADSTS50034), shortened.
      res.end(
        loginPage(action, "This username may be incorrect. We couldn't find an account with that username."),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(loginPage(action));
  }

  function control(req: IncomingMessage, res: ServerResponse, path: string, body: Buffer): void {
    if (path === '/__fake/ready' && req.method === 'GET') return sendJson(res, 200, { url, issuer });
    if (path === '/__fake/log' && req.method === 'GET') return sendJson(res, 200, { requests: log });
    if (path === '/__fake/tamper' && req.method === 'POST') {
      let input: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
        if (typeof parsed === 'object' && parsed !== null) input = parsed as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { error: 'body must be JSON' });
      }
      const set = Object.fromEntries(
        ['iss', 'aud', 'nonce'].flatMap((name) =>
          typeof input[name] === 'string' ? [[name, input[name]]] : [],
        ),
      );
      tamper = (claims) => ({ ...claims, ...set });
      return sendJson(res, 204);
    }
    if (path === '/__fake/roles' && req.method === 'POST') {
      const input = jsonObject(body);
      const account = typeof input?.username === 'string' ? byUsername(input.username) : undefined;
      const roles = input?.roles;
      if (!account) return sendJson(res, 404, { error: 'no such account' });
      if (!Array.isArray(roles) || !roles.every((role): role is string => typeof role === 'string'))
        return sendJson(res, 400, { error: 'roles must be a list of strings' });
      account.roles = roles;
      return sendJson(res, 204);
    }
    return sendJson(res, 404, { error: 'no such control route' });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    const { pathname, searchParams } = new URL(target, url);
    if (pathname.startsWith('/__fake/')) return control(req, res, pathname, await readBody(req));
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      path: pathname,
      query: Object.fromEntries(searchParams),
      headers: {},
      status: 0,
      outcome: {},
      at: Date.now(),
    };
    log.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });
    const login = new RegExp(`^${tenantPath}/login/([^/]+)$`).exec(pathname);
    if (login) return interaction(req, res, login[1] ?? '', entry);
    if (!pathname.startsWith(`${tenantPath}/`)) {
      entry.outcome.tenant = 'unknown';
      return sendJson(res, 400, {
        error: 'invalid_tenant',
        error_description: `AADSTS90002: Tenant '${pathname.split('/')[1] ?? ''}' not found.`,
      });
    }
    // oidc-provider sees paths relative to the tenant and builds its URLs under `/{tenant}` (it takes the mount
    // path from `originalUrl`); the discovery document alone lives under the issuer, `/{tenant}/v2.0`.
    const discovery = `${tenantPath}/v2.0/.well-known/openid-configuration`;
    const relative =
      pathname === discovery ? '/.well-known/openid-configuration' : target.slice(tenantPath.length);
    Object.assign(req, { originalUrl: `${tenantPath}${relative}`, url: relative });
    providerHandler(req, res);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`entra fake error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  const signIn = (authorizeUrl: string, username: string): Promise<URL> =>
    followSignIn({
      authorizeUrl,
      redirectUris: options.redirectUris,
      provider: 'entra fake',
      answer: (at) =>
        /\/login\/[^/?]+$/.test(at.pathname)
          ? { url: at.toString(), form: new URLSearchParams({ username }) }
          : undefined,
    });

  return {
    url,
    port,
    tenantId,
    issuer,
    otherTenantIssuer,
    log,
    signIn,
    addAccount(account) {
      accounts.push(toStored(account));
    },
    updateAccount(username, change) {
      const account = byUsername(username);
      if (!account) throw new Error(`entra fake: no account ${username}`);
      Object.assign(account, change);
    },
    identityOf(username) {
      const account = byUsername(username);
      if (!account) throw new Error(`entra fake: no account ${username}`);
      return { oid: account.oid, sub: account.sub };
    },
    tamperNextIdToken(edit) {
      tamper = edit;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
