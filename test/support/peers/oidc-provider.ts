import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider, { type Account, type GrantLookupContext } from 'oidc-provider';
import { followSignIn } from '../follow-sign-in';

/**
 * A real OpenID Connect provider for tests (`oidc-provider` 9) on 127.0.0.1, playing the corporate identity
 * provider. Independent of any test runner: Vitest API tests and Playwright specs both use it.
 *
 *   const idp = await startOidcProvider({
 *     clientId: 'portal', clientSecret: 'secret',
 *     redirectUris: ['http://localhost:3000/login/callback'],
 *     accounts: [{ email: 'agent@acme.example', name: 'Alex Agent' }],
 *   });
 *   // portal env: OIDC_ISSUER=idp.issuer OIDC_CLIENT_ID=portal OIDC_CLIENT_SECRET=secret
 *   await idp.stop();
 *
 * - Authorization code flow; PKCE is required (S256), consent is granted automatically (first-party client).
 * - Sign-in page: `GET /interaction/<uid>` serves a form with one field labelled "Email" and a "Sign in"
 *   button; submitting signs in the account with that email (no password). A browser test fills it in.
 * - `signIn(authorizeUrl, email)` does the same without a browser: it follows the provider's redirects with
 *   fetch, submits the form and answers the final redirect to the client's redirect URI (code, state, iss).
 * - ID tokens carry `email`, `email_verified` (per account, default true) and `name` (conformIdTokenClaims off,
 *   as Entra ID's ID tokens do).
 * - `tamperNextIdToken(edit)` rewrites the claims of the next ID token the token endpoint returns, re-signed
 *   with the provider's own key: a wrong issuer, audience or nonce that only the client's checks can catch.
 */

export interface OidcTestAccount {
  email: string;
  name?: string;
  /** Subject identifier; defaults to a stable id derived from the email. */
  sub?: string;
  /** The `email_verified` claim; default true. */
  emailVerified?: boolean;
}

export interface StartOidcProviderOptions {
  /** Default: a free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: OidcTestAccount[];
}

export interface OidcProviderPeer {
  /** `http://127.0.0.1:<port>`: the portal's OIDC_ISSUER. */
  issuer: string;
  port: number;
  /** Signs an account in without a browser and answers the redirect to the client (see above). */
  signIn(authorizeUrl: string, email: string): Promise<URL>;
  /** Adds an account to the provider's directory (as an administrator provisions a new colleague). */
  addAccount(account: OidcTestAccount): void;
  /** The next ID token from the token endpoint gets `edit(claims)` as its claims, validly signed. */
  tamperNextIdToken(edit: (claims: JWTPayload) => JWTPayload): void;
  stop(): Promise<void>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, clientId: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider: sign in</title></head>
<body><main><h1>Sign in</h1><p>Test identity provider for ${escapeHtml(clientId)}.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="username" required>
<button type="submit">Sign in</button>
</form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(options: StartOidcProviderOptions): Promise<OidcProviderPeer> {
  const toAccount = (account: OidcTestAccount) => ({
    email: account.email.toLowerCase(),
    name: account.name ?? account.email,
    sub: account.sub ?? `sub-${account.email.toLowerCase().replace(/[^a-z0-9]/g, '-')}`,
    emailVerified: account.emailVerified ?? true,
  });
  const accounts = options.accounts.map(toAccount);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;

  // The port must be known before the provider (the issuer names it): listen first, attach the handler after.
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

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
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
      const account = accounts.find((candidate) => candidate.sub === sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    // A first-party client: consent is implied, so the flow never stops at a consent page.
    async loadExistingGrant(ctx: GrantLookupContext) {
      const { client, session, result, provider: owner } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return owner.Grant.find(grantId);
      const grant = new owner.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    if (!tamper || ctx.path !== '/token' || typeof ctx.body !== 'object' || ctx.body === null) return;
    const body = ctx.body as { id_token?: unknown };
    if (typeof body.id_token !== 'string') return;
    const edit = tamper;
    tamper = undefined;
    const claims = edit(decodeJwt(body.id_token));
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(privateKey);
  });

  const providerHandler = provider.callback();
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      providerHandler(req, res);
      return;
    }
    const [, uid = '', login] = match;
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== 'login') {
      // Consent is implied (loadExistingGrant); any other prompt just continues.
      await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
      return;
    }
    if (req.method === 'POST' && login) {
      const email = ((await readForm(req)).get('email') ?? '').trim().toLowerCase();
      const account = accounts.find((candidate) => candidate.email === email);
      if (account) {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(uid, options.clientId, `No account for ${email || 'an empty email'}.`));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(loginPage(uid, options.clientId));
  }
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`test identity provider error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  const signIn = (authorizeUrl: string, email: string): Promise<URL> =>
    followSignIn({
      authorizeUrl,
      redirectUris: options.redirectUris,
      provider: 'test identity provider',
      answer: (at) => {
        const interaction = /\/interaction\/([^/?]+)$/.exec(at.pathname);
        return interaction
          ? { url: `${issuer}/interaction/${interaction[1]}/login`, form: new URLSearchParams({ email }) }
          : undefined;
      },
    });

  return {
    issuer,
    port,
    signIn,
    addAccount(account) {
      accounts.push(toAccount(account));
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
