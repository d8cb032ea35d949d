import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  searchAnalyticsSchema,
  searchGroupSchemas,
  SIGN_IN_TO_READ,
  SOURCE_KEYS,
} from '../../../src/common/contracts/search.js';
import { helpdeskTickets } from '../../../src/server/connectors/helpdesk/builtin/schema.js';
import { searchEvents } from '../../../src/server/db/schema/index.js';
import { apiPaths } from '../../../src/common/api-paths.js';
import { get, post, type Browser } from '../../support/auth-flow.js';
import {
  getPage,
  groupKeys,
  search,
  searchRaw,
  searchUrl,
  startWithRoleBrowsers,
  type RoleBrowsers,
} from '../../support/search.js';
import { createTicket } from '../../support/factories.js';
import type { TestApp } from '../../support/test-app.js';

describe('federated search: contract and role gating', () => {
  let t: TestApp;
  let visitor: Browser;
  let customer: Browser;
  let agent: Browser;
  let admin: Browser;
  let close: () => Promise<void>;
  let customerEmail: string;
  beforeAll(async () => {
    let users: RoleBrowsers['users'];
    ({ t, visitor, customer, agent, admin, users, close } = await startWithRoleBrowsers());
    customerEmail = users.customer.email;
    // The customer's own requests; the demo tickets (about acquisitions too) belong to other requesters.
    for (const subject of ['Transit gateway failover is slow', 'Spoke gateway attachment pending']) {
      await createTicket(t.app, { requesterEmail: customerEmail, subject });
    }
  });
  afterAll(() => close());

  it('a visitor gets Knowledge Base, Documentation and Community, even when the filter names every source', async () => {
    const body = await search(visitor, 'gateway', [...SOURCE_KEYS]);
    expect(groupKeys(body)).toEqual(['zendesk', 'git', 'forumbee']);
    expect(body.status).toEqual({ zendesk: 'ok', git: 'ok', forumbee: 'ok' });
    expect(body.zendesk?.count).toBeGreaterThan(0);
    expect(body.git?.count).toBeGreaterThan(0);
    expect(body.forumbee?.paging.count).toBeGreaterThan(0);
  });

  it('a customer also gets My Requests, and only their own', async () => {
    const body = await search(customer, 'gateway');
    expect(groupKeys(body)).toEqual(['zendesk', 'git', 'forumbee', 'zendeskRequests']);
    const requests = body.zendeskRequests?.requests ?? [];
    expect(requests.length).toBeGreaterThan(0);
    const rows = await t.database.db
      .select({ id: helpdeskTickets.id, requester: helpdeskTickets.requesterEmail })
      .from(helpdeskTickets)
      .where(
        inArray(
          helpdeskTickets.id,
          requests.map((request) => request.id),
        ),
      );
    expect(rows.every((row) => row.requester === customerEmail)).toBe(true);
    for (const request of requests) expect(request.url).toBe(`/tickets/${request.id}`);
    // Someone else's ticket matching the same words stays out of the count too.
    const others = await search(agent, 'acquisition', ['zendeskTickets']);
    expect(others.zendeskTickets?.count).toBeGreaterThan(0);
    const mine = await search(customer, 'acquisition', ['zendeskRequests']);
    expect(mine.zendeskRequests).toEqual({ requests: [], count: 0 });
  });

  it('an agent gets Tickets and Jira but not My Requests; an admin counts as an agent', async () => {
    for (const browser of [agent, admin]) {
      const body = await search(browser, 'gateway');
      expect(groupKeys(body)).toEqual(['zendesk', 'git', 'forumbee', 'zendeskTickets', 'jiraIssues']);
      expect(body.zendeskTickets?.count).toBeGreaterThan(0);
      expect(body.jiraIssues?.total).toBeGreaterThan(0);
      const issue = body.jiraIssues?.issues[0];
      expect(issue?.key).toMatch(/^NET-\d+$/);
    }
  });

  it('the filter narrows the groups; unknown-but-forbidden keys are ignored silently', async () => {
    const body = await search(customer, 'gateway', ['git', 'jiraIssues']);
    expect(groupKeys(body)).toEqual(['git']);
    expect(body.status).toEqual({ git: 'ok' });
    const none = await search(visitor, 'gateway', ['zendeskTickets']);
    expect(groupKeys(none)).toEqual([]);
    expect(none.status).toEqual({});
  });

  it('customerSearch and agentSearch need a session (401 with the logout event)', async () => {
    for (const path of ['/api/aggregator/customerSearch', '/api/aggregator/agentSearch']) {
      const res = await searchRaw(visitor, 'gateway', undefined, path);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ event: 'logout' });
    }
    const body = await search(agent, 'gateway', undefined, '/api/aggregator/agentSearch');
    expect(body.jiraIssues?.issues.length, 'Jira issues about gateways').toBeGreaterThan(0);
    expect(body.jiraIssues?.total).toBeGreaterThanOrEqual(body.jiraIssues?.issues.length ?? 0);
    const forCustomer = await search(customer, 'gateway', undefined, '/api/aggregator/customerSearch');
    expect(forCustomer.zendeskRequests, 'a customer searches their requests').toBeDefined();
    expect(forCustomer.jiraIssues, 'a customer never sees the tracker').toBeUndefined();
  });

  it('a protected article shows its title and flag to visitors, its snippet only when signed in', async () => {
    const anon = await search(visitor, 'license customer id', ['zendesk']);
    const locked = anon.zendesk?.results.find((result) => result.user_segment_id !== null);
    expect(locked?.title).toBe('Activating your license with the Customer ID');
    expect(locked?.snippet).toBe(SIGN_IN_TO_READ);
    const signedIn = await search(customer, 'license customer id', ['zendesk']);
    const open = signedIn.zendesk?.results.find((result) => result.id === locked?.id);
    expect(open?.snippet).toContain('<mark>');
  });

  it('each paged call answers its group shape', async () => {
    const cases = [
      ['/api/zendesk/searchPagedKb', visitor, 'zendesk'],
      ['/api/git/searchGit', visitor, 'git'],
      ['/api/forumbee/searchPageCommunity', visitor, 'forumbee'],
      ['/api/zendesk/searchPagedRequests', customer, 'zendeskRequests'],
      ['/api/zendesk/searchPagedTickets', agent, 'zendeskTickets'],
      ['/api/jira/searchPagedIssue', agent, 'jiraIssues'],
    ] as const;
    for (const [path, browser, key] of cases) {
      const res = await getPage(browser, path, 'gateway', 1);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      searchGroupSchemas[key].strict().parse(res.json());
    }
  });

  it('a paged call for a source the user may not see: 401 for visitors, 403 for the wrong role', async () => {
    expect((await getPage(visitor, '/api/zendesk/searchPagedTickets', 'gateway')).statusCode).toBe(401);
    expect((await getPage(visitor, '/api/zendesk/searchPagedRequests', 'gateway')).statusCode).toBe(401);
    const forbidden = await getPage(customer, '/api/jira/searchPagedIssue', 'gateway');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'Forbidden', message: expect.any(String) });
    expect((await getPage(agent, '/api/zendesk/searchPagedRequests', 'gateway')).statusCode).toBe(403);
  });

  it('bad input is a 400 JSON error', async () => {
    const bad = [
      await get(visitor, '/api/zendesk/searchPagedKb'),
      await getPage(visitor, '/api/zendesk/searchPagedKb', '   '),
      await get(visitor, `${searchUrl('gateway', '/api/zendesk/searchPagedKb')}&page=0`),
      await get(visitor, `${searchUrl('gateway', '/api/zendesk/searchPagedKb')}&page=two`),
      await get(visitor, `${searchUrl('gateway', '/api/zendesk/searchPagedKb')}&page=1.5`),
      await get(visitor, `${searchUrl('gateway', '/api/zendesk/searchPagedKb')}&page=101`),
      await searchRaw(visitor, ''),
      await searchRaw(visitor, 'x'.repeat(201)),
      await t.app.inject({
        method: 'POST',
        url: '/api/aggregator/search',
        headers: { origin: 'http://localhost' },
        payload: {},
      }),
      await t.app.inject({
        method: 'POST',
        url: searchUrl('gateway'),
        headers: { origin: 'http://localhost' },
        payload: { filter: ['zendesk', 'salesforce'] },
      }),
      await t.app.inject({
        method: 'POST',
        url: searchUrl('gateway'),
        headers: { origin: 'http://localhost' },
        payload: { filter: 'zendesk' },
      }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: expect.any(String) });
    }
  });

  it('records each aggregator search (not paged calls) and shows top and zero-result queries to admins only', async () => {
    await search(visitor, '  Transit   Gateway ');
    await search(customer, 'transit gateway');
    await search(visitor, 'qwxyzzy plover');
    await getPage(visitor, '/api/zendesk/searchPagedKb', 'paged only query');
    await t.app.searches.events.flush();

    const rows = await t.database.db
      .select()
      .from(searchEvents)
      .where(eq(searchEvents.query, 'qwxyzzy plover'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, role: 'anonymous', total: 0 });
    expect(rows[0]?.counts).toEqual({ zendesk: 0, git: 0, forumbee: 0 });
    const paged = await t.database.db
      .select()
      .from(searchEvents)
      .where(eq(searchEvents.query, 'paged only query'));
    expect(paged).toHaveLength(0);

    const res = await get(admin, '/api/admin/search-analytics');
    expect(res.statusCode).toBe(200);
    const analytics = searchAnalyticsSchema.parse(res.json());
    expect(analytics.topQueries).toContainEqual({ query: 'transit gateway', count: 2 });
    expect(analytics.zeroResultQueries).toContainEqual({ query: 'qwxyzzy plover', count: 1 });
    expect(analytics.zeroResultQueries.map((entry) => entry.query)).not.toContain('transit gateway');

    const past = await get(admin, '/api/admin/search-analytics?from=2020-01-01&to=2020-01-31');
    expect(searchAnalyticsSchema.parse(past.json()).topQueries).toEqual([]);
    expect((await get(admin, '/api/admin/search-analytics?from=yesterday')).statusCode).toBe(400);
    expect((await get(agent, '/api/admin/search-analytics')).statusCode).toBe(403);
    expect((await get(customer, '/api/admin/search-analytics')).statusCode).toBe(403);
    expect((await get(visitor, '/api/admin/search-analytics')).statusCode).toBe(401);
  });

  it('analytics list the corrected queries, the partial matches and the click-through', async () => {
    const corrected = await search(visitor, 'trnasit gatway');
    expect(corrected.showingResultsFor).toBe('transit gateway');
    const partial = await search(customer, 'why does my transit gateway attachment keep flapping zzzq');
    expect(partial.partial).toBe(true);
    const click = (browser: Browser, body: object) => post(browser, apiPaths.aggregator.searchClick, body);
    const clicked = { query: 'trnasit gatway', source: 'zendesk', rank: 2, url: '/docs?article=transit' };
    expect((await click(visitor, clicked)).statusCode).toBe(204);
    expect((await click(customer, { ...clicked, rank: 4 })).statusCode).toBe(204);
    await t.app.searches.events.flush();

    const analytics = searchAnalyticsSchema.parse((await get(admin, '/api/admin/search-analytics')).json());
    expect(analytics.correctedQueries).toContainEqual({
      query: 'trnasit gatway',
      correctedTo: 'transit gateway',
      count: 1,
    });
    expect(analytics.partialQueries).toContainEqual({
      query: 'why does my transit gateway attachment keep flapping zzzq',
      count: 1,
    });
    expect(analytics.clickThrough.clicks).toBe(2);
    expect(analytics.clickThrough.searches).toBeGreaterThanOrEqual(2);
    expect(analytics.clickThrough.topResults).toContainEqual({
      url: '/docs?article=transit',
      source: 'zendesk',
      clicks: 2,
      averageRank: 3,
    });
  });

  it('a click report is refused with 400 for bad input and 403 from another site', async () => {
    const good = { query: 'vpn', source: 'git', rank: 1, url: '/docs?article=x' };
    for (const bad of [
      { ...good, rank: 0 },
      { ...good, rank: 1e20 },
      { ...good, source: 'everything' },
      { ...good, url: 'a\u0000b' },
      { ...good, query: '' },
      { query: 'vpn' },
    ]) {
      const res = await post(visitor, apiPaths.aggregator.searchClick, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request' });
    }
    const crossSite = await post(visitor, apiPaths.aggregator.searchClick, good, {
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
  });
});
