import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { isSafeRedirectPath, toSameOriginPath } from '../../src/web/lib/safe-redirect.js';
import {
  completeHelpdeskStep,
  get,
  initHelpdeskAuth,
  login,
  newBrowser,
  post,
  startAuthorization,
  startParams,
  verifyCode,
  type Browser,
} from '../support/auth-flow.js';
import { createAgent, createCustomer, type CreatedStaff } from '../support/factories.js';
import { startOidcProvider } from '../support/peers/oidc-provider.js';
import { startSmtpSink } from '../support/peers/smtp-sink.js';
import { createTestApp, FIXTURE_DIST_DIR } from '../support/test-app.js';
import { useResource } from '../support/use-test-app.js';

/**
 * The sign-in paths seen from an attacker's side: the flags of every cookie they set (over plain HTTP and behind
 * a proxy that ended TLS), an open-redirect corpus against every address the portal takes from a request, and
 * the OAuth and OpenID Connect callbacks given what a provider or an attacker may send instead of a good code.
 */

const CLIENT_ID = 'portal-security-test';
const CLIENT_SECRET = 'a-security-test-client-secret';
/** Loopback ports of this file's peers (the test machines give each session a range). */
const IDP_PORT = 5142;
const SMTP_PORT = 5143;
const ORIGIN = 'http://localhost';

const idp = useResource(
  () =>
    startOidcProvider({
      port: IDP_PORT,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [`${ORIGIN}/login/callback`, 'https://localhost/login/callback'],
      accounts: [],
    }),
  (peer) => peer.stop(),
);
const sink = useResource(
  () => startSmtpSink({ port: SMTP_PORT }),
  (peer) => peer.stop(),
);
const t = useResource(
  () =>
    createTestApp({
      accounts: false,
      // The fixture content (an article to vote on) and build (the pages a corpus path lands on).
      distDir: FIXTURE_DIST_DIR,
      env: {
        // This file signs one customer in many times.
        SIGN_IN_CODES_PER_ADDRESS: '1000',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        SMTP_URL: sink.url,
        // Plain HTTP, or HTTPS ended by the proxy in front (X-Forwarded-Proto), on the same app.
        TRUST_PROXY: 'true',
      },
    }),
  (app) => app.close(),
);

let agent: CreatedStaff;
let customerEmail = '';
beforeAll(async () => {
  agent = await createAgent(t.app);
  idp.addAccount({ email: agent.email, name: agent.name });
  customerEmail = (await createCustomer(t.app)).email;
});

interface SetCookie {
  readonly line: string;
  readonly name: string;
  readonly value: string;
  /** Attribute names in lower case, with their values. */
  readonly attributes: ReadonlyMap<string, string>;
}

function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...rest] = line.split(';');
  const eq = pair.indexOf('=');
  return {
    line,
    name: pair.slice(0, eq).trim(),
    value: pair.slice(eq + 1).trim(),
    attributes: new Map(
      rest.map((part) => {
        const [key = '', ...value] = part.trim().split('=');
        return [key.toLowerCase(), value.join('=')] as const;
      }),
    ),
  };
}

const setCookiesOf = (res: LightMyRequestResponse): SetCookie[] => {
  const header = res.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map(parseSetCookie);
};

/**
 * The app as a browser behind the given scheme reaches it: every request gets `extra` headers, and every
 * Set-Cookie it answers is recorded.
 */
function recordingApp(extra: Record<string, string>, seen: SetCookie[]): App {
  const inject = async (options: InjectOptions) => {
    const res = await t.app.inject({ ...options, headers: { ...options.headers, ...extra } });
    seen.push(...setCookiesOf(res));
    return res;
  };
  return new Proxy(t.app, {
    get: (target, key) => (key === 'inject' ? inject : Reflect.get(target, key)),
  });
}

/** The corporate popup up to the provider's redirect back: the callback's query. */
async function popup(browser: Browser, email: string): Promise<string> {
  const start = await get(browser, '/api/azureAD/login');
  expect(start.statusCode).toBe(302);
  return (await idp.signIn(String(start.headers.location), email)).search;
}

/** A built-in help-desk authorization up to its redirect back to `/zendeskAuth` (after a customer's login). */
async function helpdeskRedirect(browser: Browser, email: string): Promise<URL> {
  const authorizeUrl = await initHelpdeskAuth(browser);
  const started = await startAuthorization(browser, authorizeUrl);
  expect(started.statusCode, started.body).toBe(200);
  const code = await sink.waitForCode(email);
  const verified = await verifyCode(browser, started.json<{ requestId: string }>().requestId, code);
  expect(verified.statusCode, verified.body).toBe(200);
  return new URL(verified.json<{ redirect: string }>().redirect, ORIGIN);
}

/** The built-in tracker's authorization of a signed-in agent, up to its redirect back to `/code`. */
async function trackerRedirect(browser: Browser): Promise<URL> {
  const start = await get(browser, '/jiraAuth');
  expect(start.statusCode).toBe(302);
  const issued = await get(browser, String(start.headers.location));
  expect(issued.statusCode, issued.body).toBe(302);
  return new URL(String(issued.headers.location), ORIGIN);
}

/** Every way in and out: customer sign-in, the agent's popup and tracker grant, both logouts, a vote. */
async function everySignInPath(app: App): Promise<void> {
  const customer = newBrowser(app);
  expect((await login(customer, customerEmail)).statusCode).toBe(200);
  const granted = await completeHelpdeskStep(customer, sink, customerEmail);
  expect(granted.statusCode, granted.body).toBe(200);
  const vote = await post(customer, '/api/zendesk/articles/controller-upgrade-path/votes', { helpful: true });
  expect(vote.statusCode, vote.body).toBe(200);
  expect((await post(customer, '/api/aggregator/logoutCustomer')).statusCode).toBe(200);
  // A signed-out visitor's vote: the browser's own voter cookie.
  const anonymousVote = await post(newBrowser(app), '/api/zendesk/articles/controller-upgrade-path/votes', {
    helpful: true,
  });
  expect(anonymousVote.statusCode, anonymousVote.body).toBe(200);

  const staff = newBrowser(app);
  const done = await get(staff, `/api/azureAD/authenticateCode${await popup(staff, agent.email)}`);
  expect(done.statusCode, done.body).toBe(200);
  const helpdesk = await completeHelpdeskStep(staff, sink, agent.email);
  expect(helpdesk.statusCode, helpdesk.body).toBe(200);
  const back = await trackerRedirect(staff);
  expect((await get(staff, `/api/jira/authenticateCode${back.search}`)).statusCode).toBe(200);
  expect((await get(staff, '/api/azureAD/logoutAzureAD')).statusCode).toBeLessThan(400);

  // The password form of a built-in agent.
  const password = newBrowser(app);
  const signedIn = await post(password, '/api/zendesk/authenticate', {
    user: agent.email,
    pass: agent.password,
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
}

describe('cookie flags', () => {
  it('over plain HTTP: every cookie HttpOnly, SameSite=Lax, Path=/, host-only, not Secure', async () => {
    const seen: SetCookie[] = [];
    await everySignInPath(recordingApp({}, seen));
    expect(new Set(seen.map((cookie) => cookie.name))).toEqual(
      new Set(['portal_session', 'portal_flow', 'portal_voter']),
    );
    for (const cookie of seen) {
      expect(cookie.attributes.has('httponly'), cookie.line).toBe(true);
      expect(cookie.attributes.get('samesite'), cookie.line).toBe('Lax');
      expect(cookie.attributes.get('path'), cookie.line).toBe('/');
      expect(cookie.attributes.has('domain'), cookie.line).toBe(false);
      expect(cookie.attributes.has('secure'), cookie.line).toBe(false);
    }
    // Sign-out clears what sign-in set.
    expect(seen.some((cookie) => cookie.name === 'portal_session' && cookie.value === '')).toBe(true);
  });

  it('behind a proxy that ended TLS: every cookie also Secure and __Host- prefixed', async () => {
    const seen: SetCookie[] = [];
    // The page's own fetches: the browser says same-origin (the Origin it sends would be https://localhost).
    // A proxy passes the Host the browser sent (no port on 443).
    await everySignInPath(
      recordingApp(
        { host: 'localhost', 'x-forwarded-proto': 'https', 'sec-fetch-site': 'same-origin' },
        seen,
      ),
    );
    expect(new Set(seen.map((cookie) => cookie.name))).toEqual(
      new Set(['__Host-portal_session', '__Host-portal_flow', '__Host-portal_voter']),
    );
    for (const cookie of seen) {
      expect(cookie.attributes.has('secure'), cookie.line).toBe(true);
      expect(cookie.attributes.has('httponly'), cookie.line).toBe(true);
      expect(cookie.attributes.get('samesite'), cookie.line).toBe('Lax');
      expect(cookie.attributes.get('path'), cookie.line).toBe('/');
      expect(cookie.attributes.has('domain'), cookie.line).toBe(false);
    }
  });

  it('a page or answer kept for every visitor never carries a cookie', async () => {
    for (const url of ['/', '/sla', '/docs', '/api/aggregator/latestKB']) {
      for (let time = 0; time < 2; time += 1) {
        expect(setCookiesOf(await t.app.inject({ method: 'GET', url })), url).toEqual([]);
      }
    }
  });
});

/** Addresses that must never take a browser off the portal's origin. */
const REDIRECT_CORPUS = [
  '//evil.example',
  '///evil.example',
  '////evil.example/',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'https:evil.example',
  'https:/evil.example',
  'http://evil.example',
  'HTTPS://EVIL.EXAMPLE',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '%5C%5Cevil.example',
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '\t//evil.example',
  '/\t/evil.example',
  '\n//evil.example',
  ' //evil.example',
  '/ /evil.example',
  '\u0000//evil.example',
  'https://localhost@evil.example',
  'https://portal@evil.example',
  'http://localhost:80@evil.example/',
  '//localhost@evil.example',
  'http://localhost.evil.example',
  'http://evil.example#@localhost',
  'http://evil.example?@localhost/',
  'http://evil.example\\@localhost',
  '/\uFF0F/evil.example',
  '\uFF0F\uFF0Fevil.example',
  '/\u2215evil.example',
  '\u2044\u2044evil.example',
  '/\u3002evil.example',
  'http://evil\u3002example',
  '/.evil.example',
  '/../../evil.example',
  '/%09/evil.example',
  '/%0d%0a//evil.example',
  '/x/../\\evil.example',
];

/** Where a browser on the portal goes when told to go to `value` (null: nowhere, it is not a URL). */
function landing(value: string): string | null {
  try {
    return new URL(value, `${ORIGIN}/somewhere/page`).origin;
  } catch {
    return null;
  }
}

describe('open redirects', () => {
  it('the redirect link kept across sign-in (web app): only paths of this origin are followed', () => {
    for (const value of REDIRECT_CORPUS) {
      if (isSafeRedirectPath(value)) expect(landing(value), JSON.stringify(value)).toBe(ORIGIN);
      const path = toSameOriginPath(value, ORIGIN);
      if (path !== null) expect(landing(path), JSON.stringify(value)).toBe(ORIGIN);
      // An absolute link to the portal itself in the same shape is still followed (the corpus is not refused
      // merely for being absolute).
    }
    expect(toSameOriginPath(`${ORIGIN}/tickets/1?x=1#top`, ORIGIN)).toBe('/tickets/1?x=1#top');
    expect(isSafeRedirectPath('/chatbot?q=vpn')).toBe(true);
  });

  it('a request for any corpus path is answered here, never redirected away', async () => {
    for (const value of REDIRECT_CORPUS) {
      const url = `/${value.replace(/^\/+/, '/')}`.replace(/^\/\//, '//');
      const res = await t.app.inject({ method: 'GET', url: encodeURI(url).replace(/%25/g, '%') });
      const location = res.headers.location;
      if (location !== undefined) expect(landing(String(location)), `${url} -> ${location}`).toBe(ORIGIN);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it("the help desk's authorization takes no redirect_uri but this portal's /zendeskAuth", async () => {
    const browser = newBrowser(t.app);
    expect((await login(browser, customerEmail)).statusCode).toBe(200);
    const params = startParams(await initHelpdeskAuth(browser));
    for (const value of [
      ...REDIRECT_CORPUS,
      `${ORIGIN}/zendeskAuth/../evil`,
      'http://localhost/zendeskAuth@evil',
    ]) {
      const res = await post(browser, '/api/helpdesk/authorize/start', { ...params, redirect_uri: value });
      expect(res.statusCode, JSON.stringify(value)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(value)).toBeLessThan(500);
      expect(res.json(), JSON.stringify(value)).toHaveProperty('message');
    }
    // The good one still goes through, and its redirect lands here.
    const back = await helpdeskRedirect(browser, customerEmail);
    expect(back.origin).toBe(ORIGIN);
    expect(back.pathname).toBe('/zendeskAuth');
  });

  it("the tracker's authorization takes no redirect_uri but this portal's /code", async () => {
    const browser = newBrowser(t.app);
    const done = await get(browser, `/api/azureAD/authenticateCode${await popup(browser, agent.email)}`);
    expect(done.statusCode).toBe(200);
    const start = await get(browser, '/jiraAuth');
    const authorize = new URL(String(start.headers.location), ORIGIN);
    for (const value of [...REDIRECT_CORPUS, `${ORIGIN}/code/../evil`, `${ORIGIN}/code@evil.example`]) {
      authorize.searchParams.set('redirect_uri', value);
      const res = await get(browser, `${authorize.pathname}${authorize.search}`);
      const location = res.headers.location;
      if (location !== undefined) expect(landing(String(location)), JSON.stringify(value)).toBe(ORIGIN);
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
    }
  });

  it('every redirect the sign-in answers name is a path of this portal, whatever the callback is sent', async () => {
    const junk = new URLSearchParams({
      redirect: '//evil.example',
      returnTo: 'https://evil.example',
      next: '/\\evil.example',
      redirect_uri: 'https://evil.example/cb',
    }).toString();
    const customer = newBrowser(t.app);
    expect((await login(customer, customerEmail)).statusCode).toBe(200);
    const back = await helpdeskRedirect(customer, customerEmail);
    const granted = await post(customer, `/api/zendesk/authCodeGrant${back.search}&${junk}`);
    const staff = newBrowser(t.app);
    const signedIn = await get(
      staff,
      `/api/azureAD/authenticateCode${await popup(staff, agent.email)}&${junk}`,
    );
    for (const res of [granted, signedIn]) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode === 200) {
        const redirect = res.json<{ redirect: string }>().redirect;
        expect(isSafeRedirectPath(redirect), redirect).toBe(true);
        expect(landing(redirect)).toBe(ORIGIN);
      }
    }
    for (const page of ['/zendeskAuth', '/login/callback', '/code']) {
      const res = await t.app.inject({ method: 'GET', url: `${page}?${junk}` });
      expect(res.headers.location, page).toBeUndefined();
    }
  });
});

describe('OAuth and OpenID Connect callbacks refuse what is not a good code', () => {
  /** The answer is a 4xx JSON error, no session cookie was set, and the browser is still signed out. */
  async function expectRefused(browser: Browser, res: LightMyRequestResponse, what: string): Promise<void> {
    expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, what).toBeLessThan(500);
    expect(res.json<{ message: string }>().message.length, what).toBeGreaterThan(0);
    expect(
      setCookiesOf(res).filter((cookie) => cookie.name.endsWith('portal_session') && cookie.value !== ''),
      what,
    ).toEqual([]);
    expect((await get(browser, '/api/zendesk/me')).statusCode, what).toBe(401);
  }

  const withQuery = (query: string, edit: (params: URLSearchParams) => void): string => {
    const params = new URLSearchParams(query);
    edit(params);
    return params.toString();
  };

  it('OIDC: the provider’s error, a missing code or state, a replayed state', async () => {
    const cases: [string, (params: URLSearchParams) => void][] = [
      [
        'the provider refused (error=access_denied)',
        (params) => {
          params.delete('code');
          params.set('error', 'access_denied');
          params.set('error_description', 'AADSTS50105: the user is not assigned');
        },
      ],
      ['no code', (params) => params.delete('code')],
      ['no state', (params) => params.delete('state')],
      ['an empty code', (params) => params.set('code', '')],
      ['a forged code', (params) => params.set('code', 'forged-code')],
    ];
    for (const [what, edit] of cases) {
      const browser = newBrowser(t.app);
      const query = await popup(browser, agent.email);
      const res = await get(browser, `/api/azureAD/authenticateCode?${withQuery(query, edit)}`);
      await expectRefused(browser, res, what);
    }
    // A state (and its code) used once cannot be used again: not by the same browser after signing out, nor by
    // another browser given the same flow cookie.
    const browser = newBrowser(t.app);
    const query = await popup(browser, agent.email);
    const flow = browser.jar.get('portal_flow');
    expect((await get(browser, `/api/azureAD/authenticateCode${query}`)).statusCode).toBe(200);
    await get(browser, '/api/azureAD/logoutAzureAD');
    const replay = newBrowser(t.app);
    replay.jar.set('portal_flow', flow ?? '');
    await expectRefused(replay, await get(replay, `/api/azureAD/authenticateCode${query}`), 'replayed state');
  });

  it('help desk: the provider’s error, a missing code, a replayed state', async () => {
    const cases: [string, (params: URLSearchParams) => void][] = [
      [
        'the help desk refused (error=access_denied)',
        (params) => {
          params.delete('code');
          params.set('error', 'access_denied');
        },
      ],
      ['no code', (params) => params.delete('code')],
      ['no state', (params) => params.delete('state')],
      ['a forged code', (params) => params.set('code', 'forged-code')],
    ];
    for (const [what, edit] of cases) {
      const browser = newBrowser(t.app);
      expect((await login(browser, customerEmail)).statusCode).toBe(200);
      const back = await helpdeskRedirect(browser, customerEmail);
      const res = await post(browser, `/api/zendesk/authCodeGrant?${withQuery(back.search, edit)}`);
      await expectRefused(browser, res, what);
    }
    const browser = newBrowser(t.app);
    expect((await login(browser, customerEmail)).statusCode).toBe(200);
    const back = await helpdeskRedirect(browser, customerEmail);
    const flow = browser.jar.get('portal_flow');
    expect((await post(browser, `/api/zendesk/authCodeGrant${back.search}`)).statusCode).toBe(200);
    const replay = newBrowser(t.app);
    replay.jar.set('portal_flow', flow ?? '');
    await expectRefused(
      replay,
      await post(replay, `/api/zendesk/authCodeGrant${back.search}`),
      'replayed state',
    );
  });

  it('tracker: the provider’s error, a missing code, a wrong or replayed state; the session stays as it was', async () => {
    const browser = newBrowser(t.app);
    const done = await get(browser, `/api/azureAD/authenticateCode${await popup(browser, agent.email)}`);
    expect(done.statusCode).toBe(200);
    const cases: [string, (params: URLSearchParams) => void][] = [
      [
        'the tracker refused (error=access_denied)',
        (params) => {
          params.delete('code');
          params.set('error', 'access_denied');
        },
      ],
      ['no code', (params) => params.delete('code')],
      ['a wrong state', (params) => params.set('state', 'x'.repeat(43))],
      ['a forged code', (params) => params.set('code', 'forged-code')],
    ];
    const trackerAuthorized = async () =>
      (await get(browser, '/api/zendesk/me')).json<{ user: { trackerAuthorized: boolean } }>().user
        .trackerAuthorized;
    for (const [what, edit] of cases) {
      const back = await trackerRedirect(browser);
      const res = await get(browser, `/api/jira/authenticateCode?${withQuery(back.search, edit)}`);
      expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, what).toBeLessThan(500);
      expect(res.json<{ message: string }>().message.length, what).toBeGreaterThan(0);
      expect(await trackerAuthorized(), what).toBe(false);
    }
    const back = await trackerRedirect(browser);
    expect((await get(browser, `/api/jira/authenticateCode${back.search}`)).statusCode).toBe(200);
    expect(await trackerAuthorized()).toBe(true);
    const replay = await get(browser, `/api/jira/authenticateCode${back.search}`);
    expect(replay.statusCode).toBeGreaterThanOrEqual(400);
    expect(replay.statusCode).toBeLessThan(500);
  });
});
