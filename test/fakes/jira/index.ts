import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  createClock,
  sendJson,
  startFakeServer,
  type FakeClock,
  type FakeRequest,
  type FakeServer,
} from '../harness';
import {
  FAKE_SITES,
  JIRA_FAKE_CLIENT_ID,
  JIRA_FAKE_CLIENT_SECRET,
  JIRA_FAKE_SCOPE,
  SEARCHED_SITE,
  SITE_ISSUES,
  type FakeIssue,
  type FakeSite,
} from './fixtures';
import { JqlError, matching, parseJql } from './jql';

/**
 * A fake Atlassian for the Jira tracker's tests and the vendor browser profile: two listeners, as Atlassian
 * has two hosts.
 *
 *   const jira = await startJiraFake();     // both on port 0
 *   JIRA_AUTH_URL = jira.authUrl, JIRA_API_URL = jira.apiUrl, JIRA_CLIENT_ID = jira.clientId,
 *   JIRA_CLIENT_SECRET = jira.clientSecret, JIRA_SITE_URL = jira.siteUrl, JIRA_JQL_SCOPE = jira.scope
 *
 * Auth (auth.atlassian.com; https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/):
 *   GET  /authorize?audience=api.atlassian.com&client_id&scope&redirect_uri&state&response_type=code&prompt=consent
 *        → a consent page: a site picker (both sites checked) and Accept and Deny buttons, posting to
 *   POST /authorize (form) → 302 redirect_uri?code&state, or ?error=access_denied&state on Deny
 *   POST /oauth/token JSON {grant_type: authorization_code, client_id, client_secret, code, redirect_uri}
 *        | {grant_type: refresh_token, client_id, client_secret, refresh_token}
 *        → {access_token, expires_in: 3600, scope, refresh_token, token_type: "Bearer"}. Refresh tokens rotate
 *        (https://developer.atlassian.com/cloud/oauth/getting-started/refresh-tokens); the one replaced still
 *        works for 10 minutes on the fake's clock (the leeway of research notes, not on that page), then
 *        403 {"error":"invalid_grant","error_description":"Unknown or invalid refresh token."}.
 * API (api.atlassian.com; Bearer access token, 401 when unknown or expired on the fake's clock):
 *   GET  /me → {account_id, email, name}
 *   GET  /oauth/token/accessible-resources → [{id, url, name, scopes, avatarUrl}] of the granted sites
 *   GET|POST /ex/jira/{cloudId}/rest/api/3/search/jql {jql, maxResults?, nextPageToken?, fields?}
 *        → {issues: [{id, key, self, fields}], nextPageToken?, isLast}; no total
 *   POST /ex/jira/{cloudId}/rest/api/3/search/approximate-count {jql} → {count}
 *   any  /ex/jira/{cloudId}/rest/api/3/search → 410, the removal message of CHANGE-2046
 * JQL: the subset of jql.ts; anything else 400 {"errorMessages":[…],"errors":{}}. A `key = "X-1"` of no
 * issue is 400 "An issue with key 'X-1' does not exist for field 'key'." (not documented: the wording is
 * from public reports).
 *
 * Test controls, besides each listener's harness controls (`auth` and `api`: failNext, hangNext, log):
 *   jira.rateLimitNext(n, {retryAfterS, reason})   the next n API calls answer 429 with Retry-After,
 *                        X-RateLimit-Reset (ISO), X-RateLimit-Limit, X-RateLimit-Remaining and RateLimit-Reason
 *                        (https://developer.atlassian.com/cloud/jira/platform/rate-limiting)
 *   jira.refreshCalls()      refresh-token grants answered (any outcome)
 *   jira.revokeGrants()      every refresh and access token stops working (a revoked grant)
 *   jira.clock               shared by both listeners; access tokens live 3600 s on it
 * and over HTTP on either listener: POST /__fake/revoke (= revokeGrants) and GET /__fake/refresh-calls {count}.
 */

export interface JiraFakeOptions {
  authPort?: number;
  apiPort?: number;
  clock?: FakeClock;
}

export interface JiraFake {
  auth: FakeServer;
  api: FakeServer;
  authUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  siteUrl: string;
  scope: string;
  sites: readonly FakeSite[];
  clock: FakeClock;
  rateLimitNext(n: number, limit: { retryAfterS: number; reason: string }): void;
  refreshCalls(): number;
  /** The JSON bodies `/oauth/token` received, oldest first. */
  tokenRequests(): Record<string, unknown>[];
  /** Every token pair issued, oldest first. */
  issuedTokens(): { accessToken: string; refreshToken: string }[];
  revokeGrants(): void;
  stop(): Promise<void>;
}

const ACCESS_TTL_S = 3600;
const REFRESH_LEEWAY_MS = 10 * 60_000;
const CODE_TTL_MS = 5 * 60_000;
const ACCOUNT_ID = '5b10ac8d82e05b22cc7d4ef5';
const GRANTED_SCOPES = ['read:jira-work', 'read:me', 'offline_access'];

interface Grant {
  sites: FakeSite[];
  revoked: boolean;
}

const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
const jsonOf = (body: Buffer): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const jiraError = (res: ServerResponse, status: number, message: string) =>
  sendJson(res, status, { errorMessages: [message], errors: {} });
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startJiraFake(options: JiraFakeOptions = {}): Promise<JiraFake> {
  const clock = options.clock ?? createClock();
  const codes = new Map<string, { grant: Grant; redirectUri: string; expiresAt: number; used: boolean }>();
  const refreshTokens = new Map<string, { grant: Grant; replacedAt: number | null }>();
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const grants: Grant[] = [];
  let refreshCount = 0;
  const tokenBodies: Record<string, unknown>[] = [];
  const issued: { accessToken: string; refreshToken: string }[] = [];
  const revokeAll = () => {
    for (const grant of grants) grant.revoked = true;
  };
  // Over HTTP on either listener, for the vendor browser profile's Playwright process.
  const controls = {
    'POST /__fake/revoke': () => {
      revokeAll();
      return undefined;
    },
    'GET /__fake/refresh-calls': () => ({ count: refreshCount }),
  };

  const issuePair = (grant: Grant) => {
    const access = token('at');
    const refresh = token('rt');
    accessTokens.set(access, { grant, expiresAt: clock.now() + ACCESS_TTL_S * 1000 });
    refreshTokens.set(refresh, { grant, replacedAt: null });
    issued.push({ accessToken: access, refreshToken: refresh });
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: ACCESS_TTL_S,
      scope: GRANTED_SCOPES.join(' '),
      token_type: 'Bearer',
    };
  };

  const consentPage = (request: FakeRequest, res: ServerResponse) => {
    const q = request.query;
    if (
      q.get('client_id') !== JIRA_FAKE_CLIENT_ID ||
      q.get('response_type') !== 'code' ||
      q.get('audience') !== 'api.atlassian.com' ||
      !q.get('redirect_uri')
    ) {
      request.entry.outcome.consent = 'bad-request';
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<h1>Something went wrong</h1><p>Invalid authorization request.</p>');
      return;
    }
    request.entry.outcome.consent = 'shown';
    const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q.get(name) ?? '')}">`)
      .join('');
    const sites = FAKE_SITES.map(
      (site) =>
        `<label><input type="checkbox" name="site" value="${site.id}" checked> ${escapeHtml(site.url)}</label>`,
    ).join('<br>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Authorize</title><h1>Support portal is requesting access to your Atlassian account</h1>` +
        `<form method="post" action="/authorize">${hidden}<fieldset><legend>Use app on</legend>${sites}</fieldset>` +
        `<button name="decision" value="accept">Accept</button> <button name="decision" value="deny">Deny</button></form>`,
    );
  };

  const consentAnswer = (request: FakeRequest, res: ServerResponse) => {
    const form = new URLSearchParams(request.body.toString('utf8'));
    const redirectUri = form.get('redirect_uri') ?? '';
    if (form.get('client_id') !== JIRA_FAKE_CLIENT_ID || !/^https?:\/\//.test(redirectUri)) {
      return sendJson(res, 400, { error: 'invalid_request' });
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', form.get('state') ?? '');
    const sites = FAKE_SITES.filter((site) => form.getAll('site').includes(site.id));
    if (form.get('decision') !== 'accept' || sites.length === 0) {
      request.entry.outcome.consent = 'denied';
      back.searchParams.set('error', 'access_denied');
    } else {
      request.entry.outcome.consent = 'accepted';
      const grant: Grant = { sites, revoked: false };
      grants.push(grant);
      const code = token('code');
      codes.set(code, { grant, redirectUri, expiresAt: clock.now() + CODE_TTL_MS, used: false });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const tokenGrant = (request: FakeRequest, res: ServerResponse) => {
    const body = jsonOf(request.body);
    tokenBodies.push(body);
    const invalidGrant = (description: string) => {
      request.entry.outcome.token = 'invalid_grant';
      sendJson(res, 403, { error: 'invalid_grant', error_description: description });
    };
    if (body.client_id !== JIRA_FAKE_CLIENT_ID || body.client_secret !== JIRA_FAKE_CLIENT_SECRET) {
      request.entry.outcome.token = 'bad-client';
      return sendJson(res, 401, { error: 'access_denied', error_description: 'Unauthorized' });
    }
    if (body.grant_type === 'authorization_code') {
      const code = codes.get(str(body.code) ?? '');
      if (!code || code.used || code.expiresAt < clock.now() || code.redirectUri !== body.redirect_uri) {
        return invalidGrant('Invalid authorization code');
      }
      code.used = true;
      request.entry.outcome.token = 'code';
      return sendJson(res, 200, issuePair(code.grant));
    }
    if (body.grant_type === 'refresh_token') {
      refreshCount += 1;
      const held = refreshTokens.get(str(body.refresh_token) ?? '');
      if (
        !held ||
        held.grant.revoked ||
        (held.replacedAt !== null && clock.now() - held.replacedAt > REFRESH_LEEWAY_MS)
      ) {
        return invalidGrant('Unknown or invalid refresh token.');
      }
      held.replacedAt ??= clock.now();
      request.entry.outcome.token = 'refresh';
      return sendJson(res, 200, issuePair(held.grant));
    }
    request.entry.outcome.token = 'unsupported';
    return sendJson(res, 400, { error: 'unsupported_grant_type' });
  };

  const auth = await startFakeServer({
    port: options.authPort ?? 0,
    clock,
    loggedHeaders: ['content-type'],
    malformed: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"access_token":' },
    controls,
    handle: (request, res) => {
      if (request.rawPath === '/authorize' && request.method === 'GET') return consentPage(request, res);
      if (request.rawPath === '/authorize' && request.method === 'POST') return consentAnswer(request, res);
      if (request.rawPath === '/oauth/token' && request.method === 'POST') return tokenGrant(request, res);
      return sendJson(res, 404, { error: 'not_found' });
    },
  });

  const searchJql = (request: FakeRequest, res: ServerResponse, issues: readonly FakeIssue[]) => {
    const body = request.method === 'POST' ? jsonOf(request.body) : {};
    const jql = request.method === 'POST' ? str(body.jql) : (request.query.get('jql') ?? undefined);
    const maxResults = Number(
      request.method === 'POST' ? (body.maxResults ?? 50) : (request.query.get('maxResults') ?? 50),
    );
    const pageToken =
      request.method === 'POST' ? str(body.nextPageToken) : (request.query.get('nextPageToken') ?? undefined);
    const fieldsRaw = request.method === 'POST' ? body.fields : request.query.get('fields')?.split(',');
    const fields = Array.isArray(fieldsRaw)
      ? fieldsRaw.filter((field): field is string => typeof field === 'string')
      : [];
    if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 5000) {
      return jiraError(res, 400, 'maxResults must be between 1 and 5000.');
    }
    request.entry.outcome.maxResults = String(maxResults);
    request.entry.outcome.fields = fields.join(',');
    const found = answerJql(request, res, jql, issues);
    if (!found) return;
    found.sort((a, b) => b.updated - a.updated);
    const offset = pageToken ? Number(Buffer.from(pageToken, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0) return jiraError(res, 400, 'Invalid nextPageToken.');
    // Enhanced search answers at most 100 issues with fields (not documented for every field set).
    const size = Math.min(maxResults, 100);
    const page = found.slice(offset, offset + size);
    const isLast = offset + size >= found.length;
    const pick = (issue: FakeIssue) => {
      const all: Record<string, unknown> = {
        summary: issue.summary,
        status: { name: issue.status, statusCategory: { key: 'new' } },
        description: issue.description,
      };
      return Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]]));
    };
    sendJson(res, 200, {
      issues: page.map((issue) => ({
        id: issue.id,
        key: issue.key,
        self: `${self.apiUrl}/rest/api/3/issue/${issue.id}`,
        fields: pick(issue),
      })),
      ...(isLast ? {} : { nextPageToken: Buffer.from(String(offset + size)).toString('base64url') }),
      isLast,
    });
  };

  /** The issues `jql` matches, or null after answering its 400. */
  const answerJql = (
    request: FakeRequest,
    res: ServerResponse,
    jql: string | undefined,
    issues: readonly FakeIssue[],
  ) => {
    request.entry.outcome.jql = jql ?? '';
    try {
      const parsed = parseJql(jql ?? '');
      for (const clause of parsed.clauses) {
        if (clause.kind === 'key' && !issues.some((issue) => issue.key === clause.key)) {
          throw new JqlError(`An issue with key '${clause.key}' does not exist for field 'key'.`);
        }
      }
      return matching(parsed, issues);
    } catch (error) {
      if (!(error instanceof JqlError)) throw error;
      request.entry.outcome.error = error.message;
      jiraError(res, 400, error.message);
      return null;
    }
  };

  const self = { apiUrl: '' };
  const api = await startFakeServer({
    port: options.apiPort ?? 0,
    clock,
    loggedHeaders: ['content-type'],
    malformed: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"issues":' },
    controls,
    handle: (request, res) => {
      const bearer = /^Bearer (\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      const held = bearer ? accessTokens.get(bearer) : undefined;
      if (!held || held.grant.revoked || held.expiresAt <= clock.now()) {
        request.entry.outcome.auth = held ? 'expired' : 'missing';
        // Not documented: the body of a 401 at the gateway; Jira's own error shape is used.
        return jiraError(res, 401, 'Unauthorized; scope does not match');
      }
      request.entry.outcome.auth = 'ok';
      const grant = held.grant;
      if (request.rawPath === '/me' && request.method === 'GET') {
        return sendJson(res, 200, {
          account_id: ACCOUNT_ID,
          email: 'agent@acme.example',
          name: 'Alex Agent',
        });
      }
      if (request.rawPath === '/oauth/token/accessible-resources' && request.method === 'GET') {
        return sendJson(
          res,
          200,
          grant.sites.map((site) => ({
            id: site.id,
            url: site.url,
            name: site.name,
            scopes: GRANTED_SCOPES,
            avatarUrl: `${site.url}/avatar.png`,
          })),
        );
      }
      const site = /^\/ex\/jira\/([^/]+)(\/rest\/api\/3\/.*)$/.exec(request.rawPath);
      if (!site) return sendJson(res, 404, { message: 'Not Found' });
      const cloud = grant.sites.find((candidate) => candidate.id === decodeURIComponent(site[1] ?? ''));
      if (!cloud) return jiraError(res, 404, 'The site is not one this grant reaches.');
      const issues = SITE_ISSUES[cloud.id] ?? [];
      const path = site[2];
      request.entry.outcome.operation = path ?? '';
      if (path === '/rest/api/3/search' || path === '/rest/api/2/search') {
        return jiraError(
          res,
          410,
          'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046',
        );
      }
      if (path === '/rest/api/3/search/jql' && (request.method === 'GET' || request.method === 'POST')) {
        return searchJql(request, res, issues);
      }
      if (path === '/rest/api/3/search/approximate-count' && request.method === 'POST') {
        const found = answerJql(request, res, str(jsonOf(request.body).jql), issues);
        if (found) sendJson(res, 200, { count: found.length });
        return;
      }
      return jiraError(res, 404, 'Not found');
    },
  });
  self.apiUrl = api.url;

  return {
    auth,
    api,
    authUrl: auth.url,
    apiUrl: api.url,
    clientId: JIRA_FAKE_CLIENT_ID,
    clientSecret: JIRA_FAKE_CLIENT_SECRET,
    siteUrl: SEARCHED_SITE.url,
    scope: JIRA_FAKE_SCOPE,
    sites: FAKE_SITES,
    clock,
    rateLimitNext(n, limit) {
      const reset = new Date(clock.now() + limit.retryAfterS * 1000);
      api.failNext(n, {
        status: 429,
        headers: {
          'content-type': 'application/json',
          'retry-after': String(limit.retryAfterS),
          // yyyy-MM-ddTHH:mmZ, as the rate-limiting page writes it.
          'x-ratelimit-reset': `${reset.toISOString().slice(0, 16)}Z`,
          'x-ratelimit-limit': '100',
          'x-ratelimit-remaining': '0',
          'ratelimit-reason': limit.reason,
        },
        body: JSON.stringify({ errorMessages: ['Rate limit exceeded.'], errors: {} }),
      });
    },
    refreshCalls: () => refreshCount,
    tokenRequests: () => tokenBodies.map((body) => ({ ...body })),
    issuedTokens: () => issued.map((pair) => ({ ...pair })),
    revokeGrants: revokeAll,
    stop: async () => {
      await Promise.all([auth.stop(), api.stop()]);
    },
  };
}
