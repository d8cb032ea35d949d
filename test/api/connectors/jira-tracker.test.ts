import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { isServiceError } from '../../../src/server/lib/errors.js';
import { connectorGrants } from '../../../src/server/connectors/tracker/jira/schema.js';
import { createTokenCipher } from '../../../src/server/connectors/tracker/jira/token-cipher.js';
import type { IssueHit } from '../../../src/server/connectors/tracker/types.js';
import type { ConnectorSearchQuery, SearchPage } from '../../../src/server/connectors/search-types.js';
import { get, signInWithPassword, type Browser } from '../../support/auth-flow.js';
import { createAgent } from '../../support/factories.js';
import { search } from '../../support/search.js';
import { createTestApp, FIXTURE_DIST_DIR, type TestApp } from '../../support/test-app.js';
import { startJiraFake, type JiraFake } from '../../fakes/jira/index.js';
import { OTHER_SITE, SEARCHED_SITE } from '../../fakes/jira/fixtures.js';

/** The Jira tracker against the Jira fake (both listeners on port 0), on two app instances of one database. */
const TOKEN_KEY = randomBytes(32).toString('base64');
let jira: JiraFake;
let first: TestApp;
let second: TestApp;

const vendorEnv = (): Record<string, string> => ({
  JIRA_CLIENT_ID: jira.clientId,
  JIRA_CLIENT_SECRET: jira.clientSecret,
  JIRA_SITE_URL: jira.siteUrl,
  JIRA_JQL_SCOPE: jira.scope,
  JIRA_AUTH_URL: jira.authUrl,
  JIRA_API_URL: jira.apiUrl,
  CONNECTOR_TOKEN_KEY: TOKEN_KEY,
  // A 400 counted as a failure would open the breaker at once.
  SEARCH_BREAKER_FAILURES: '1',
  SEARCH_BREAKER_COOLDOWN_MS: '600000',
  // Room for a short Retry-After inside one search.
  SEARCH_SOURCE_TIMEOUT_MS: '5000',
});

beforeAll(async () => {
  jira = await startJiraFake();
  // A build, so a path nobody serves answers the web app's 404 rather than 503 (no build).
  first = await createTestApp({ env: vendorEnv(), accounts: false, distDir: FIXTURE_DIST_DIR });
  second = await createTestApp({ env: vendorEnv(), sharedDatabase: first.database });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
  await jira?.stop();
});

interface Agent {
  id: string;
  browser: Browser;
}

async function newAgent(t: TestApp = first): Promise<Agent> {
  const agent = await createAgent(t.app);
  const browser = await signInWithPassword(t.app, agent.email, agent.password);
  return { id: agent.id, browser };
}

/** `/jiraAuth`, the fake's consent page and its Accept (both sites), then `/code`'s call. */
async function authorize(agent: Agent, sites: readonly string[] = [OTHER_SITE.id, SEARCHED_SITE.id]) {
  const started = await get(agent.browser, '/jiraAuth');
  expect(started.statusCode).toBe(302);
  const authorizeUrl = new URL(String(started.headers.location));
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Accept');
  const form = new URLSearchParams({
    client_id: authorizeUrl.searchParams.get('client_id') ?? '',
    redirect_uri: authorizeUrl.searchParams.get('redirect_uri') ?? '',
    state: authorizeUrl.searchParams.get('state') ?? '',
    decision: 'accept',
  });
  for (const site of sites) form.append('site', site);
  const accepted = await fetch(new URL('/authorize', jira.authUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(accepted.status).toBe(302);
  const back = new URL(String(accepted.headers.get('location')));
  const answer = await get(agent.browser, `${apiPaths.tracker.authenticateCode}${back.search}`);
  return { authorizeUrl, answer };
}

const query = (text: string, overrides: Partial<ConnectorSearchQuery> = {}): ConnectorSearchQuery => ({
  query: text,
  page: 1,
  pageSize: 10,
  match: 'all',
  signal: AbortSignal.timeout(20_000),
  ...overrides,
});

const searchAs = (
  agentId: string,
  q: ConnectorSearchQuery,
  t: TestApp = first,
): Promise<SearchPage<IssueHit>> => t.app.connectors.tracker.searchIssues(q, agentId);

/** The JQL of the enhanced searches logged since `from`. */
const jqlSent = (from: number) =>
  jira.api.log
    .slice(from)
    .filter((entry) => entry.path.endsWith('/rest/api/3/search/jql'))
    .map((entry) => entry.outcome.jql);

async function grantRow(userId: string) {
  const [row] = await first.database.db
    .select()
    .from(connectorGrants)
    .where(eq(connectorGrants.userId, userId));
  return row;
}

describe('the Jira authorization', () => {
  it('sends the agent to Atlassian with the 3LO parameters and no PKCE challenge', async () => {
    const agent = await newAgent();
    const { authorizeUrl, answer } = await authorize(agent);
    expect(answer.statusCode).toBe(200);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${jira.authUrl}/authorize`);
    const params = Object.fromEntries(authorizeUrl.searchParams);
    expect(params).toEqual({
      audience: 'api.atlassian.com',
      client_id: jira.clientId,
      scope: 'read:jira-work read:me offline_access',
      redirect_uri: 'http://localhost/code',
      state: expect.stringMatching(/.{16,}/),
      response_type: 'code',
      prompt: 'consent',
    });
    expect(authorizeUrl.searchParams.has('code_challenge')).toBe(false);
    expect(authorizeUrl.searchParams.has('code_challenge_method')).toBe(false);
  });

  it('trades the code with the documented JSON body, and keeps the cloud id of JIRA_SITE_URL (listed second)', async () => {
    const agent = await newAgent();
    const before = jira.tokenRequests().length;
    await authorize(agent);
    const [body] = jira.tokenRequests().slice(before);
    expect(body).toEqual({
      grant_type: 'authorization_code',
      client_id: jira.clientId,
      client_secret: jira.clientSecret,
      code: expect.stringMatching(/^code_/),
      redirect_uri: 'http://localhost/code',
    });
    expect(jira.sites[0]?.id).toBe(OTHER_SITE.id);
    const row = await grantRow(agent.id);
    expect(row?.cloudId).toBe(SEARCHED_SITE.id);
    expect(row?.accountId).toBe('5b10ac8d82e05b22cc7d4ef5');
  });

  it('refuses a grant that does not reach the configured site, saying which site to grant', async () => {
    const agent = await newAgent();
    const { answer } = await authorize(agent, [OTHER_SITE.id]);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ message: expect.stringContaining(SEARCHED_SITE.url) });
    expect(await grantRow(agent.id)).toBeUndefined();
  });

  it('stores no token in plaintext, and the sealed values open to the tokens issued', async () => {
    const agent = await newAgent();
    await authorize(agent);
    const pair = jira.issuedTokens().at(-1);
    const row = await grantRow(agent.id);
    const stored = JSON.stringify(row);
    expect(pair).toBeDefined();
    expect(stored).not.toContain(pair?.accessToken);
    expect(stored).not.toContain(pair?.refreshToken);
    const cipher = createTokenCipher(TOKEN_KEY);
    expect(cipher.open(row?.accessTokenSealed ?? '')).toBe(pair?.accessToken);
    expect(cipher.open(row?.refreshTokenSealed ?? '')).toBe(pair?.refreshToken);
    // A random IV per value: sealing the same token twice gives two values.
    expect(cipher.seal('same')).not.toBe(cipher.seal('same'));
    // The tag is checked: a changed value, or another key, does not open.
    const sealed = row?.accessTokenSealed ?? '';
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => cipher.open(flipped)).toThrow();
    expect(() => createTokenCipher(randomBytes(32).toString('base64')).open(sealed)).toThrow();
  });

  it('leaves the built-in authorize endpoint unserved (404)', async () => {
    const agent = await newAgent();
    const res = await get(agent.browser, `${apiPaths.redirects.trackerAuthorize}?client_id=portal`);
    expect(res.statusCode).toBe(404);
  });
});

describe('the Jira issue search', () => {
  let agent: Agent;
  beforeAll(async () => {
    agent = await newAgent();
    await authorize(agent);
  });

  it('sends bounded JQL for a plain query, a quoted phrase and reserved characters', async () => {
    const from = jira.api.log.length;
    const plain = await searchAs(agent.id, query('gateway failover'));
    const phrase = await searchAs(agent.id, query('"drops BGP" failover'));
    const reserved = await searchAs(agent.id, query('C++ [error] path/to'));
    expect(jqlSent(from)).toEqual([
      '(project in (NET, EDGE)) AND (text ~ "gateway failover") ORDER BY updated DESC',
      '(project in (NET, EDGE)) AND (text ~ "\\"drops BGP\\" failover") ORDER BY updated DESC',
      '(project in (NET, EDGE)) AND (text ~ "C\\\\+\\\\+ \\\\[error\\\\] path\\\\/to") ORDER BY updated DESC',
    ]);
    expect(plain.hits[0]?.key).toBe('NET-1');
    expect(phrase.count).toBe(14);
    expect(reserved.hits.map((hit) => hit.key)).toEqual(['NET-101']);
    // Only the searched site's issues: the sandbox's NET-1 is newer, and never shown.
    expect(plain.hits[0]?.summary).toBe('Gateway failover issue 1');
    const paths = jira.api.log.slice(from).map((entry) => entry.path);
    expect(paths.every((path) => path.startsWith(`/ex/jira/${SEARCHED_SITE.id}/`))).toBe(true);
  });

  it('adds the issue key clause, and asks again without it when Jira says the key does not exist', async () => {
    let from = jira.api.log.length;
    const found = await searchAs(agent.id, query('net-100'));
    expect(jqlSent(from)).toEqual([
      '(project in (NET, EDGE)) AND (text ~ "net\\\\-100" OR key = "NET-100") ORDER BY updated DESC',
    ]);
    expect(found.hits.map((hit) => hit.key)).toContain('NET-100');

    from = jira.api.log.length;
    const missing = await searchAs(agent.id, query('NET-999'));
    expect(jqlSent(from)).toEqual([
      '(project in (NET, EDGE)) AND (text ~ "NET\\\\-999" OR key = "NET-999") ORDER BY updated DESC',
      '(project in (NET, EDGE)) AND (text ~ "NET\\\\-999") ORDER BY updated DESC',
    ]);
    expect(jira.api.log.slice(from).filter((entry) => entry.status === 400).length).toBeGreaterThan(0);
    expect(missing).toEqual({ count: 0, hits: [] });
  });

  it('turns the "any" fallback into an OR of terms', async () => {
    const from = jira.api.log.length;
    const page = await searchAs(agent.id, query('macos skew', { match: 'any' }));
    expect(jqlSent(from)).toEqual([
      '(project in (NET, EDGE)) AND (text ~ "macos" OR text ~ "skew") ORDER BY updated DESC',
    ]);
    expect(page.hits.map((hit) => hit.key).sort()).toEqual(['EDGE-7', 'NET-100']);
  });

  it('takes the total from approximate-count, reads page 2 as a slice of 20, and asks for the three fields', async () => {
    const from = jira.api.log.length;
    const page1 = await searchAs(agent.id, query('gateway'));
    const page2 = await searchAs(agent.id, query('gateway', { page: 2 }));
    expect(page1.count).toBe(14);
    expect(page1.hits).toHaveLength(10);
    expect(page2.hits.map((hit) => hit.key)).toEqual(['NET-11', 'NET-12', 'NET-13', 'NET-14']);
    const searches = jira.api.log.slice(from).filter((entry) => entry.path.endsWith('/search/jql'));
    expect(searches.map((entry) => [entry.method, entry.outcome.maxResults, entry.outcome.fields])).toEqual([
      ['POST', '10', 'summary,status,description'],
      ['POST', '20', 'summary,status,description'],
    ]);
    const counts = jira.api.log
      .slice(from)
      .filter((entry) => entry.path.endsWith('/search/approximate-count'));
    // The second page reuses the cached count.
    expect(counts).toHaveLength(1);
    expect(counts[0]?.outcome.jql).toBe('(project in (NET, EDGE)) AND (text ~ "gateway")');
    expect(jira.api.log.some((entry) => /\/rest\/api\/[23]\/search$/.test(entry.path))).toBe(false);
  });

  it('makes a snippet of the ADF description', async () => {
    const page = await searchAs(agent.id, query('SAML'));
    expect(page.hits).toEqual([
      {
        id: 10100,
        key: 'NET-100',
        summary: 'VPN client crashes on macOS',
        status: 'Open',
        snippet:
          'Symptom The client stops when the SAML window opens. macOS 14 only default browser is not Safari',
      },
    ]);
  });

  it('answers a JQL 400 as INVALID_INPUT, which never opens the breaker', async () => {
    const error = {
      errorMessages: ["Error in the JQL Query: The character '%' is a reserved JQL character."],
      errors: {},
    };
    jira.api.failNext(1, {
      status: 400,
      body: JSON.stringify(error),
      headers: { 'content-type': 'application/json' },
    });
    const refused = await searchAs(agent.id, query('gateway percent')).catch((caught: unknown) => caught);
    expect(isServiceError(refused) && refused.code).toBe('INVALID_INPUT');

    for (let round = 0; round < 2; round++) {
      jira.api.failNext(2, {
        status: 400,
        body: JSON.stringify(error),
        headers: { 'content-type': 'application/json' },
      });
      const body = await search(agent.browser, `gateway round${round}`);
      expect(body.status.jiraIssues).toBe('error');
    }
    expect(first.app.searches.service.breakerState('jiraIssues')).toBe('closed');
    const body = await search(agent.browser, 'gateway');
    expect(body.status.jiraIssues).toBe('ok');
    expect(body.jiraIssues?.total).toBe(14);
  });

  it('waits out a 429 whose Retry-After fits the budget, and fails at once with its wait when it does not', async () => {
    const from = jira.api.log.length;
    jira.rateLimitNext(1, { retryAfterS: 1, reason: 'jira-burst-based' });
    const page = await searchAs(agent.id, query('failover'));
    expect(page.count).toBe(14);
    const statuses = jira.api.log.slice(from).map((entry) => entry.status);
    expect(statuses).toContain(429);
    const limited = jira.api.log.slice(from).find((entry) => entry.status === 429);
    const retried = jira.api.log
      .slice(from)
      .filter((entry) => entry.path === limited?.path && entry.status === 200);
    expect(retried.length).toBe(1);
    expect((retried[0]?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(900);

    jira.rateLimitNext(2, { retryAfterS: 60, reason: 'jira-quota-tenant-based' });
    const started = Date.now();
    const failed = await searchAs(agent.id, query('failover bgp')).catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(isServiceError(failed) && failed.code).toBe('UNAVAILABLE');
    expect(failed).toMatchObject({ retryAfterMs: expect.any(Number) });
    expect((failed as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(50_000);
  });
});

describe('the Jira grant over time', () => {
  it('refreshes an expired access token exactly once for two searches on two instances, storing the rotated refresh token', async () => {
    const agent = await newAgent();
    await authorize(agent);
    const before = await grantRow(agent.id);
    jira.clock.advance(3601_000);
    const refreshes = jira.refreshCalls();
    const [a, b] = await Promise.all([
      searchAs(agent.id, query('bgp sessions'), first),
      searchAs(agent.id, query('bgp sessions', { page: 2 }), second),
    ]);
    expect(a.count).toBe(14);
    expect(b.hits).toHaveLength(4);
    expect(jira.refreshCalls() - refreshes).toBe(1);
    const after = await grantRow(agent.id);
    const latest = jira.issuedTokens().at(-1);
    const cipher = createTokenCipher(TOKEN_KEY);
    expect(after?.refreshTokenSealed).not.toBe(before?.refreshTokenSealed);
    expect(cipher.open(after?.refreshTokenSealed ?? '')).toBe(latest?.refreshToken);
    expect(jira.tokenRequests().at(-1)).toEqual({
      grant_type: 'refresh_token',
      client_id: jira.clientId,
      client_secret: jira.clientSecret,
      refresh_token: cipher.open(before?.refreshTokenSealed ?? ''),
    });
  });

  it('deletes a grant Jira refuses (invalid_grant) and shows the Jira group as "reauthorize"', async () => {
    const agent = await newAgent();
    await authorize(agent);
    jira.revokeGrants();
    const body = await search(agent.browser, 'gateway');
    expect(body.status.jiraIssues).toBe('reauthorize');
    expect(body.jiraIssues).toEqual({ issues: [], total: 0 });
    expect(await grantRow(agent.id)).toBeUndefined();
    expect(first.app.searches.service.breakerState('jiraIssues')).toBe('closed');
  });
});

describe('the Jira fake', () => {
  it('answers 410 on the removed /rest/api/3/search', async () => {
    const agent = await newAgent();
    await authorize(agent);
    const token = jira.issuedTokens().at(-1)?.accessToken ?? '';
    const res = await fetch(`${jira.apiUrl}/ex/jira/${SEARCHED_SITE.id}/rest/api/3/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jql: 'project = NET' }),
    });
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({
      errorMessages: [expect.stringContaining('/rest/api/3/search/jql')],
    });
  });
});
