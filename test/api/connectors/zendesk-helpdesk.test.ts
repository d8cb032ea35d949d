import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createZendeskHelpdesk,
  ZENDESK_ACCOUNTS_SCOPE,
} from '../../../src/server/connectors/helpdesk/zendesk/helpdesk.js';
import type { HelpdeskConnector } from '../../../src/server/connectors/helpdesk/types.js';
import { ServiceError } from '../../../src/server/lib/errors.js';
import {
  startZendeskFake,
  ZENDESK_FAKE_PROVIDED_ID_FIELD,
  ZENDESK_FIXTURE_IDS,
  ZENDESK_FIXTURE_USERS,
  type ZendeskFake,
} from '../../fakes/zendesk/index.js';
import { authCodeGrant, get, login, newBrowser, post } from '../../support/auth-flow.js';
import { createCustomer } from '../../support/factories.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** The Zendesk help desk (sign-in, user lookup and signup) against the Zendesk fake on port 0. */

const REDIRECT_URI = 'http://localhost/zendeskAuth';
const logged: unknown[] = [];
const log = {
  info: (fields: object, message: string) => void logged.push(fields, message),
  warn: (fields: object, message: string) => void logged.push(fields, message),
  error: (fields: object, message: string) => void logged.push(fields, message),
};

let fake: ZendeskFake;
beforeAll(async () => {
  fake = await startZendeskFake({ publicArticles: 1 });
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.log.length = 0;
  logged.length = 0;
});

function helpdeskFor(): HelpdeskConnector {
  return createZendeskHelpdesk({
    baseUrl: fake.url,
    clientId: fake.client.identifier,
    clientSecret: fake.client.secret,
    providedIdField: ZENDESK_FAKE_PROVIDED_ID_FIELD,
    log,
  });
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const freshVerifier = () => randomBytes(32).toString('base64url');
const requests = (route: string) => fake.log.filter((entry) => entry.outcome.route === route);

/** The fake's authorization page as a browser meets it: the page, then its form with the email typed. */
async function decide(authorizeUrl: string, email: string, decision: 'allow' | 'deny') {
  const pageAnswer = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await pageAnswer.text();
  expect(pageAnswer.status).toBe(200);
  expect(html).toMatch(/<input type="email" name="email"/);
  expect(html).toMatch(/value="allow">Allow</);
  expect(html).toMatch(/value="deny">Deny</);
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      match[1] ?? '',
      (match[2] ?? '').replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code))),
    );
  }
  form.set('email', email);
  form.set('decision', decision);
  const answer = await fetch(`${fake.url}/oauth/authorizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

/** A code for `email`, started as the portal starts it; answers the code and its verifier. */
async function codeFor(helpdesk: HelpdeskConnector, email: string) {
  const verifier = freshVerifier();
  const state = randomBytes(32).toString('base64url');
  const url = helpdesk.authorizationUrl({
    redirectUri: REDIRECT_URI,
    state,
    codeChallenge: challengeOf(verifier),
    role: 'customer',
    loginHint: email,
  });
  const back = await decide(url, email, 'allow');
  expect(back.searchParams.get('state')).toBe(state);
  const code = back.searchParams.get('code');
  if (code === null) throw new Error(`no code in ${back.toString()}`);
  return { code, verifier };
}

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the authorization URL', () => {
  it('opens Zendesk’s authorization page with exactly the code flow’s parameters and PKCE S256', () => {
    const url = new URL(
      helpdeskFor().authorizationUrl({
        redirectUri: REDIRECT_URI,
        state: 'state-1',
        codeChallenge: 'challenge-1',
        role: 'customer',
        loginHint: 'someone@example.com',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth/authorizations/new`);
    expect([...url.searchParams.entries()]).toEqual([
      ['response_type', 'code'],
      ['client_id', fake.client.identifier],
      ['redirect_uri', REDIRECT_URI],
      ['scope', 'read'],
      ['state', 'state-1'],
      ['code_challenge', 'challenge-1'],
      ['code_challenge_method', 'S256'],
    ]);
  });
});

describe('exchangeCode', () => {
  it('sends the documented JSON body with the verifier, reads users/me, and keeps the token out of the log', async () => {
    const helpdesk = helpdeskFor();
    const { code, verifier } = await codeFor(helpdesk, ZENDESK_FIXTURE_USERS.endUser.email);
    fake.log.length = 0;
    const user = await helpdesk.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT_URI });
    expect(user).toEqual({
      email: ZENDESK_FIXTURE_USERS.endUser.email,
      name: ZENDESK_FIXTURE_USERS.endUser.name,
      role: 'customer',
      providedId: ZENDESK_FIXTURE_USERS.endUser.providedId,
    });
    const [tokenRequest] = requests('token');
    expect(tokenRequest?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(tokenRequest?.body ?? '{}')).toEqual({
      grant_type: 'authorization_code',
      code,
      client_id: fake.client.identifier,
      client_secret: fake.client.secret,
      redirect_uri: REDIRECT_URI,
      scope: 'read',
      code_verifier: verifier,
    });
    const userToken = fake
      .tokens()
      .find((token) => token.userId !== undefined && token.clientId === fake.client.identifier);
    const [me] = requests('users_me');
    expect(me?.headers.authorization).toBe(`Bearer ${userToken?.accessToken ?? 'missing'}`);
    expect(JSON.stringify(logged)).not.toContain(userToken?.accessToken ?? 'missing');
  });

  it('refuses a wrong verifier, a reused code and an expired code with UNAUTHENTICATED', async () => {
    const helpdesk = helpdeskFor();
    const email = ZENDESK_FIXTURE_USERS.endUser.email;

    const wrong = await codeFor(helpdesk, email);
    const wrongVerifier = await refusal(
      helpdesk.exchangeCode({ code: wrong.code, codeVerifier: freshVerifier(), redirectUri: REDIRECT_URI }),
    );
    expect(wrongVerifier.code).toBe('UNAUTHENTICATED');

    const reused = await codeFor(helpdesk, email);
    await helpdesk.exchangeCode({
      code: reused.code,
      codeVerifier: reused.verifier,
      redirectUri: REDIRECT_URI,
    });
    const again = await refusal(
      helpdesk.exchangeCode({ code: reused.code, codeVerifier: reused.verifier, redirectUri: REDIRECT_URI }),
    );
    expect(again.code).toBe('UNAUTHENTICATED');

    const late = await codeFor(helpdesk, email);
    fake.moveTime(121_000);
    const expired = await refusal(
      helpdesk.exchangeCode({ code: late.code, codeVerifier: late.verifier, redirectUri: REDIRECT_URI }),
    );
    expect(expired.code).toBe('UNAUTHENTICATED');

    const otherRedirect = await codeFor(helpdesk, email);
    const redirectMismatch = await refusal(
      helpdesk.exchangeCode({
        code: otherRedirect.code,
        codeVerifier: otherRedirect.verifier,
        redirectUri: 'http://localhost/elsewhere',
      }),
    );
    expect(redirectMismatch.code).toBe('UNAUTHENTICATED');
    expect(requests('token').map((entry) => entry.status)).toEqual([400, 200, 400, 400, 400]);
    // None of the refused codes reached users/me.
    expect(requests('users_me')).toHaveLength(1);
  });

  it.each([
    ['end-user', ZENDESK_FIXTURE_USERS.endUser.email, 'customer'],
    ['agent', ZENDESK_FIXTURE_USERS.agent.email, 'agent'],
    ['admin', ZENDESK_FIXTURE_USERS.admin.email, 'agent'],
  ] as const)('maps the Zendesk role %s (%s) to %s', async (_zendeskRole, email, role) => {
    const helpdesk = helpdeskFor();
    const { code, verifier } = await codeFor(helpdesk, email);
    const user = await helpdesk.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT_URI });
    expect(user.role).toBe(role);
    expect(user.email).toBe(email);
  });
});

describe('createUser and findUser', () => {
  it('creates a verified end user with the provided id in the configured field, as the portal', async () => {
    const helpdesk = helpdeskFor();
    const email = `new-${randomBytes(4).toString('hex')}@customer.example`;
    const created = await helpdesk.createUser({
      email,
      name: 'New Customer',
      role: 'customer',
      providedId: 'CUST-4242',
    });
    expect(created).toEqual({ email, name: 'New Customer', role: 'customer', providedId: 'CUST-4242' });
    const [create] = requests('users_create');
    expect(JSON.parse(create?.body ?? '{}')).toEqual({
      user: {
        name: 'New Customer',
        email,
        role: 'end-user',
        verified: true,
        user_fields: { [ZENDESK_FAKE_PROVIDED_ID_FIELD]: 'CUST-4242' },
      },
    });
    expect(create?.status).toBe(201);
    // The service token: client credentials with the accounts' scopes.
    const serviceToken = fake
      .tokens()
      .find((token) => `Bearer ${token.accessToken}` === create?.headers.authorization);
    expect(serviceToken?.userId).toBeUndefined();
    expect(serviceToken?.scope).toBe(ZENDESK_ACCOUNTS_SCOPE);
    expect(fake.user(email)).toMatchObject({
      role: 'end-user',
      verified: true,
      user_fields: { provided_id: 'CUST-4242' },
    });
  });

  it('answers CONFLICT to an address Zendesk already has', async () => {
    const duplicate = await refusal(
      helpdeskFor().createUser({
        email: ZENDESK_FIXTURE_USERS.endUser.email.toUpperCase(),
        name: 'Someone',
        role: 'customer',
        providedId: 'CUST-0009',
      }),
    );
    expect(duplicate.code).toBe('CONFLICT');
    expect(requests('users_create').map((entry) => entry.status)).toEqual([422]);
  });

  it('refuses to create an agent without calling Zendesk', async () => {
    const refused = await refusal(
      helpdeskFor().createUser({
        email: 'new-agent@acme.example',
        name: 'New Agent',
        role: 'agent',
        providedId: null,
      }),
    );
    expect(refused.code).toBe('FORBIDDEN');
    expect(fake.log).toEqual([]);
    expect(fake.user('new-agent@acme.example')).toBeUndefined();
  });

  it('finds a user by a quoted email query, and answers undefined for none', async () => {
    const helpdesk = helpdeskFor();
    expect(await helpdesk.findUser('Agent@ACME.example')).toEqual({
      email: ZENDESK_FIXTURE_USERS.agent.email,
      name: ZENDESK_FIXTURE_USERS.agent.name,
      role: 'agent',
      providedId: null,
    });
    expect(await helpdesk.findUser('nobody@example.com')).toBeUndefined();
    expect(requests('users_search').map((entry) => entry.query.query)).toEqual([
      'email:"agent@acme.example"',
      'email:"nobody@example.com"',
    ]);
    const quoted = await refusal(helpdesk.findUser('a"b@example.com'));
    expect(quoted.code).toBe('INVALID_INPUT');
    expect(requests('users_search')).toHaveLength(2);
  });
});

describe('the fake’s authorization page and grants', () => {
  const authorizeUrl = (params: Record<string, string>) =>
    `${fake.url}/oauth/authorizations/new?${new URLSearchParams({
      response_type: 'code',
      client_id: fake.client.identifier,
      redirect_uri: REDIRECT_URI,
      scope: 'read',
      state: 's1',
      ...params,
    }).toString()}`;

  it('refuses an unknown client and an unregistered redirect URI with a 400 page and no redirect', async () => {
    const refusedParams: Record<string, string>[] = [
      { client_id: 'someone_else' },
      { redirect_uri: 'https://evil.example/zendeskAuth' },
    ];
    for (const params of refusedParams) {
      const answer = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('sends Deny back as access_denied with the state', async () => {
    const back = await decide(authorizeUrl({}), ZENDESK_FIXTURE_USERS.endUser.email, 'deny');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('s1');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('rotates refresh tokens and expires access tokens on its clock', async () => {
    const verifier = freshVerifier();
    const back = await decide(
      authorizeUrl({ code_challenge: challengeOf(verifier), code_challenge_method: 'S256' }),
      'rotate@example.com',
      'allow',
    );
    const token = async (body: Record<string, unknown>) => {
      const answer = await fetch(`${fake.url}/oauth/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: fake.client.identifier,
          client_secret: fake.client.secret,
          ...body,
        }),
      });
      return { status: answer.status, json: (await answer.json()) as Record<string, string> };
    };
    const me = async (accessToken: string) => {
      const answer = await fetch(`${fake.url}/api/v2/users/me.json`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
    };
    const first = await token({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code'),
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(first.status).toBe(200);
    expect((await me(first.json.access_token ?? '')).json).toMatchObject({
      user: { email: 'rotate@example.com', role: 'end-user' },
    });
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.json.refresh_token });
    expect(second.status).toBe(200);
    expect(second.json.refresh_token).not.toBe(first.json.refresh_token);
    expect(await me(first.json.access_token ?? '')).toEqual({
      status: 401,
      json: { error: "Couldn't authenticate you" },
    });
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: first.json.refresh_token })).json.error,
    ).toBe('invalid_grant');
    expect((await me(second.json.access_token ?? '')).status).toBe(200);
    fake.moveTime(3_601_000);
    expect((await me(second.json.access_token ?? '')).status).toBe(401);
  });
});

describe('the portal with Zendesk as its help desk', () => {
  const zendeskEnv = () => ({
    ZENDESK_URL: fake.url,
    ZENDESK_CLIENT_ID: fake.client.identifier,
    ZENDESK_CLIENT_SECRET: fake.client.secret,
    ZENDESK_PROVIDED_ID_FIELD: ZENDESK_FAKE_PROVIDED_ID_FIELD,
    ZENDESK_TECH_HUB_CATEGORY_ID: String(ZENDESK_FIXTURE_IDS.category),
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: zendeskEnv(), accounts: false });
  });
  afterAll(async () => t.close());
  afterEach(() => fake.setSearchLag(0));

  it('uses Zendesk and does not register the built-in help desk’s routes', async () => {
    expect(t.app.connectors.helpdesk.clientId).toBe(fake.client.identifier);
    for (const path of ['/api/helpdesk/authorize/start', '/api/helpdesk/authorize/verify']) {
      const res = await post(newBrowser(t.app), path, {});
      expect(res.statusCode).toBe(404);
    }
  });

  it('signs a customer in through Zendesk’s page, even before Zendesk’s search shows the new user', async () => {
    // The search index lags: the user created at signup is not found when the sign-in starts.
    fake.setSearchLag(10 * 60_000);
    const customer = await createCustomer(t.app);
    expect(fake.user(customer.email)).toMatchObject({ role: 'end-user', verified: true });

    const browser = newBrowser(t.app);
    expect((await login(browser, customer.email)).statusCode).toBe(200);
    const init = await get(browser, '/zendeskInitAuth');
    expect(init.statusCode).toBe(302);
    const location = String(init.headers.location);
    expect(location.startsWith(`${fake.url}/oauth/authorizations/new?`)).toBe(true);
    // The lagging search missed the user; the create's duplicate counted as found.
    expect(requests('users_create').at(-1)?.status).toBe(422);

    const back = await decide(location, customer.email, 'allow');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    const granted = await authCodeGrant(browser, `${back.pathname}${back.search}`);
    expect(granted.statusCode).toBe(200);
    expect(granted.json<{ userInfo: { user: { email: string } }; redirect: string }>()).toMatchObject({
      userInfo: { user: { email: customer.email } },
      redirect: '/',
    });
  });

  it('refuses a sign-in when a different Zendesk user allows it', async () => {
    const customer = await createCustomer(t.app);
    const browser = newBrowser(t.app);
    expect((await login(browser, customer.email)).statusCode).toBe(200);
    const init = await get(browser, '/zendeskInitAuth');
    const back = await decide(String(init.headers.location), ZENDESK_FIXTURE_USERS.endUser.email, 'allow');
    const granted = await authCodeGrant(browser, `${back.pathname}${back.search}`);
    expect(granted.statusCode).toBe(401);
  });
});
