import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { searchGroupSchemas, type SearchResponse } from '../../../src/common/contracts/search.js';
import { searchEvents } from '../../../src/server/db/schema/index.js';
import type { Browser } from '../../support/auth-flow.js';
import { createTicket } from '../../support/factories.js';
import { getPage, search, startWithRoleBrowsers, type RoleBrowsers } from '../../support/search.js';

/**
 * Every role gets the public sources' recall a visitor gets: the fallbacks (corrected spelling, partial
 * match) run per source, so what a signed-in user's own groups (tickets, issues, requests) find never keeps
 * the Knowledge Base, Documentation or Community from theirs. On the real content/, where these queries find
 * little with every word as typed.
 */
const CONTENT_DIR = fileURLToPath(new URL('../../../content', import.meta.url));

const QUERIES = [
  'ipsec tunnel flapping',
  'license expired after renewal',
  // Misspelt.
  'ipsec tunel flaping',
  // A question.
  'why does the license show expired after renewal',
  'hold timer',
];

const publicCounts = (answer: SearchResponse) => ({
  zendesk: answer.zendesk?.count ?? -1,
  git: answer.git?.count ?? -1,
  forumbee: answer.forumbee?.paging.count ?? -1,
});

const ownCount = (answer: SearchResponse) =>
  (answer.zendeskTickets?.count ?? 0) +
  (answer.jiraIssues?.total ?? 0) +
  (answer.zendeskRequests?.count ?? 0);

describe('the same recall for every role', () => {
  let roles: RoleBrowsers;
  beforeAll(async () => {
    roles = await startWithRoleBrowsers({ contentDir: path.resolve(CONTENT_DIR) });
    // The customer's own requests on the same subjects, so that My Requests finds something too.
    for (const subject of ['IPsec tunnel flapping every hour', 'License expired after renewal']) {
      await createTicket(roles.t.app, { requesterEmail: roles.users.customer.email, subject });
    }
  });
  afterAll(() => roles.close());

  it('an agent and a customer get at least the Knowledge Base, Docs and Community counts a visitor gets', async () => {
    for (const query of QUERIES) {
      const visitor = publicCounts(await search(roles.visitor, query));
      expect(visitor.zendesk + visitor.git + visitor.forumbee, query).toBeGreaterThan(0);
      for (const [role, browser] of [
        ['agent', roles.agent],
        ['customer', roles.customer],
      ] as const) {
        const answer = await search(browser, query);
        // The signed-in user's own groups found something: the case where they used to cost the others.
        if (role === 'agent') expect(ownCount(answer), `${role}: ${query}`).toBeGreaterThan(0);
        const counts = publicCounts(answer);
        expect(counts.zendesk, `${role} KB: ${query}`).toBeGreaterThanOrEqual(visitor.zendesk);
        expect(counts.git, `${role} Docs: ${query}`).toBeGreaterThanOrEqual(visitor.git);
        expect(counts.forumbee, `${role} Community: ${query}`).toBeGreaterThanOrEqual(visitor.forumbee);
      }
    }
    const mine = await search(roles.customer, 'ipsec tunnel flapping', ['zendeskRequests']);
    expect(mine.zendeskRequests?.count).toBeGreaterThan(0);
  });

  it('each group says which fallback it took; the top level says only what every group with results shares', async () => {
    const visitor = await search(roles.visitor, 'ipsec tunnel flapping');
    expect(visitor.partial).toBe(true);
    const agent = await search(roles.agent, 'ipsec tunnel flapping');
    // The ticket matches every word; the public sources found more with the partial match.
    expect(agent.zendeskTickets?.count).toBeGreaterThan(0);
    expect(agent.fallbacks?.zendeskTickets).toBeUndefined();
    for (const key of ['zendesk', 'git', 'forumbee'] as const) {
      expect(agent.fallbacks?.[key], key).toEqual(visitor.fallbacks?.[key]);
      expect(agent.fallbacks?.[key], key).toEqual({ partial: true });
    }
    expect(agent.partial).toBeUndefined();
    expect(agent.showingResultsFor).toBeUndefined();
    // Analytics count it among the partial matches all the same.
    await roles.t.app.searches.events.flush();
    const [event] = await roles.t.database.db
      .select()
      .from(searchEvents)
      .where(and(eq(searchEvents.query, 'ipsec tunnel flapping'), eq(searchEvents.role, 'agent')))
      .limit(1);
    expect(event).toMatchObject({ partial: true, correctedTo: null });

    // Every group with results shows the corrected spelling: said once at the top level too.
    const misspelt = await search(roles.visitor, 'ipsec tunel flaping');
    expect(misspelt.showingResultsFor).toBe('ipsec tunnel flapping');
    for (const key of ['zendesk', 'git', 'forumbee'] as const) {
      expect(misspelt.fallbacks?.[key]?.showingResultsFor, key).toBe('ipsec tunnel flapping');
    }
  });

  it("page 2 of a source follows its page 1's fallback, for each role", async () => {
    const query = 'why does the license show expired after renewal';
    for (const browser of [roles.visitor, roles.customer, roles.agent] satisfies Browser[]) {
      const first = await search(browser, query);
      expect(first.fallbacks?.zendesk?.partial).toBe(true);
      const group = first.zendesk;
      expect(group?.count).toBeGreaterThan(10);
      const one = await getPage(browser, apiPaths.pagedSearch.zendesk, query, 1);
      expect(searchGroupSchemas.zendesk.parse(one.json())).toEqual(group);
      const res = await getPage(browser, apiPaths.pagedSearch.zendesk, query, 2);
      expect(res.statusCode).toBe(200);
      const second = searchGroupSchemas.zendesk.parse(res.json());
      expect(second.count).toBe(group?.count);
      expect(second.results).toHaveLength((group?.count ?? 0) - 10);
      const firstIds = new Set(group?.results.map((hit) => hit.id));
      expect(second.results.filter((hit) => firstIds.has(hit.id))).toEqual([]);
    }
  });
});
