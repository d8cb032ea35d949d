import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../src/common/contracts/api-error.js';
import { SOURCE_KEYS } from '../../../src/common/contracts/search.js';
import {
  initHelpdeskAuth,
  login,
  newBrowser,
  post,
  startParams,
  type Browser,
} from '../../support/auth-flow.js';
import {
  anonymous,
  search,
  searchRaw,
  startWithRoleBrowsers,
  type RoleBrowsers,
} from '../../support/search.js';
import { uniqueCustomerId, uniqueSuffix } from '../../support/factories.js';
import { useResource } from '../../support/use-test-app.js';

/**
 * Input an attacker sends (NUL bytes, 20-digit ids, dates PostgreSQL cannot store) is refused with a 4xx and
 * a JSON body naming the problem, never a 500, and never counts against a search source's health.
 */

const NUL = '\u0000';

function expectJsonRefusal(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  status = 400,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  return apiErrorSchema.parse(JSON.parse(res.body));
}

/** The app and a browser per role, each signed in as a user the file made (not a demo account). */
const roles = useResource(startWithRoleBrowsers, (started) => started.close());

/** `email` with a NUL before its `@`. */
const withNul = (email: string) => email.replace('@', `${NUL}@`);

describe('a NUL character', () => {
  it('in a search is refused, and five of them do not open any breaker', async () => {
    const visitor = anonymous(roles.t.app);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = expectJsonRefusal(await searchRaw(visitor, `x${NUL}`));
      expect(refused.message).toMatch(/searchValue.*control characters/);
    }
    const body = await search(visitor, 'transit gateway');
    expect(body.status).toEqual({ zendesk: 'ok', git: 'ok', forumbee: 'ok' });
    for (const key of SOURCE_KEYS) expect(roles.t.app.searches.service.breakerState(key)).toBe('closed');
  });

  it('in the paged and category searches is refused', async () => {
    const visitor = anonymous(roles.t.app);
    for (const url of [
      `/api/zendesk/searchPagedKb?searchValue=a${NUL}`,
      `/api/zendesk/searchArticlesByCategory?categoryId=tech-hub&searchValue=a${NUL}`,
    ]) {
      const res = await roles.t.app.inject({ method: 'GET', url: url.replace(NUL, '%00') });
      expectJsonRefusal(res);
    }
    expect(visitor.jar.header()).toEqual({});
  });

  // Each payload is built by its test, from the file's own users or from addresses no account has.
  it.each([
    ['login email', '/api/auth/login', (r: RoleBrowsers) => ({ email: withNul(r.users.customer.email) })],
    [
      'login ID',
      '/api/auth/login',
      () => ({ email: `someone-${uniqueSuffix()}@example.com`, providedId: `${uniqueCustomerId()}${NUL}` }),
    ],
    [
      'signup email',
      '/api/auth/signup',
      () => ({ email: `new-${uniqueSuffix()}${NUL}@example.com`, name: 'New', verified: true }),
    ],
    [
      'signup name',
      '/api/auth/signup',
      () => ({ email: `new-${uniqueSuffix()}@example.com`, name: `Ne${NUL}w`, verified: true }),
    ],
    [
      'createUser name',
      '/api/zendesk/createUser',
      () => ({ user: { email: `new2-${uniqueSuffix()}@example.com`, name: `N${NUL}`, verified: true } }),
    ],
    [
      'authenticate user',
      '/api/zendesk/authenticate',
      (r: RoleBrowsers) => ({ user: withNul(r.users.agent.email), pass: 'secret' }),
    ],
    [
      'authenticate password',
      '/api/zendesk/authenticate',
      (r: RoleBrowsers) => ({
        user: `someone-${uniqueSuffix()}@${r.t.app.portalConfig.support.corporateEmailDomain}`,
        pass: `secret${NUL}`,
      }),
    ],
    ['verify requestId', '/api/helpdesk/authorize/verify', () => ({ requestId: `r${NUL}`, code: '123456' })],
  ])('in the %s is refused with 400', async (_field, url, makePayload) => {
    const payload: object = makePayload(roles);
    const refused = expectJsonRefusal(await post(newBrowser(roles.t.app), url, payload));
    expect(refused.message).toMatch(/control characters/);
  });

  describe('in the help-desk authorization start', () => {
    let browser: Browser;
    let params: Record<string, string>;
    beforeAll(async () => {
      browser = newBrowser(roles.t.app);
      expect((await login(browser, roles.users.customer.email)).statusCode).toBe(200);
      params = startParams(await initHelpdeskAuth(browser));
    });

    it.each(['login_hint', 'state', 'code_challenge'])('%s is refused with 400', async (field) => {
      const value = `${params[field] ?? ''}`;
      const tampered = { ...params, [field]: `${value.slice(0, -1)}${NUL}` };
      const refused = expectJsonRefusal(await post(browser, '/api/helpdesk/authorize/start', tampered));
      expect(refused.message).toContain(field);
    });
  });

  it('in an OAuth callback is refused with 400', async () => {
    const res = await post(newBrowser(roles.t.app), `/api/zendesk/authCodeGrant?code=a%00&state=b`);
    expectJsonRefusal(res);
  });
});

describe('numbers and dates out of the columns range', () => {
  it.each([
    '/api/zendesk/getArticleDetails?categoryId=99999999999999999999',
    '/api/zendesk/articles/99999999999999999999',
    '/api/zendesk/articles/2147483648',
    '/api/zendesk/searchArticlesByCategory?categoryId=99999999999999999999&searchValue=vpc',
  ])('%s answers 404 JSON', async (url) => {
    expectJsonRefusal(await roles.t.app.inject({ method: 'GET', url }), 404);
  });

  it('a page number of 20 digits is refused', async () => {
    const res = await roles.t.app.inject({
      method: 'GET',
      url: '/api/zendesk/searchPagedKb?searchValue=vpc&page=99999999999999999999',
    });
    expectJsonRefusal(res);
  });

  it.each([
    'from=0000-01-01',
    'to=9999-12-31',
    'from=1999-12-31',
    'to=2101-01-01',
    'from=0000-01-01T00:00:00Z',
    'to=+010000-01-01T00:00:00Z',
    'from=2025-02-30',
  ])('search analytics with %s answers 400 JSON that names the range', async (query) => {
    const res = await roles.t.app.inject({
      method: 'GET',
      url: `/api/admin/search-analytics?${query}`,
      headers: roles.admin.jar.header(),
    });
    expectJsonRefusal(res, 400);
  });

  it('search analytics over the whole range it covers answers 200', async () => {
    const res = await roles.t.app.inject({
      method: 'GET',
      url: '/api/admin/search-analytics?from=2000-01-01&to=2100-12-31',
      headers: roles.admin.jar.header(),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a date out of range is refused with the range in words', async () => {
    const res = await roles.t.app.inject({
      method: 'GET',
      url: '/api/admin/search-analytics?to=9999-12-31',
      headers: roles.admin.jar.header(),
    });
    expect(res.json()).toMatchObject({
      message: expect.stringContaining('between 2000-01-01 and 2100-12-31'),
    });
  });
});
