import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_TO_READ } from '../../../src/common/contracts/search.js';
import { trackerIssues } from '../../../src/server/connectors/tracker/builtin/schema.js';
import { kbArticles } from '../../../src/server/connectors/knowledge-base/builtin/schema.js';
import type { Browser } from '../../support/auth-flow.js';
import { search, startWithRoleBrowsers } from '../../support/search.js';
import type { TestApp } from '../../support/test-app.js';

/**
 * The result cache of the public content sources (SEARCH_RESULT_CACHE_MS, on by default): pages are reused
 * until they expire or content is re-loaded, what depends on the viewer is applied after the cache, and the
 * per-user sources are never cached.
 */
describe('search result cache', () => {
  let t: TestApp;
  let visitor: Browser;
  let customer: Browser;
  let agent: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, visitor, customer, agent, close } = await startWithRoleBrowsers());
  });
  afterAll(() => close());

  it('serves a content page from the cache until the caches are cleared (as after a content load)', async () => {
    expect((await search(visitor, 'wombat')).zendesk?.count).toBe(0);
    await t.database.db.insert(kbArticles).values({
      slug: 'wombat-gateway',
      title: 'Wombat gateway sizing',
      body: '<p>How a wombat sizes a gateway.</p>',
      bodyText: 'How a wombat sizes a gateway.',
      section: 'Test',
      htmlUrl: '/docs?article=wombat-gateway',
    });
    expect((await search(visitor, 'wombat')).zendesk?.count).toBe(0);
    // The same query in another spelling is the same cache entry.
    expect((await search(visitor, '  WOMBAT ')).zendesk?.count).toBe(0);
    t.app.searches.service.clearCaches();
    const fresh = await search(visitor, 'wombat');
    expect(fresh.zendesk?.count).toBe(1);
    expect(fresh.zendesk?.results[0]?.title).toBe('Wombat gateway sizing');
  });

  it('never caches the agent sources: a new defect is found at once', async () => {
    expect((await search(agent, 'platypus', ['jiraIssues'])).jiraIssues?.total).toBe(0);
    await t.database.db.insert(trackerIssues).values({
      key: 'NET-9001',
      summary: 'Platypus tunnel flaps',
      description: 'The platypus tunnel flaps every hour.',
      status: 'Open',
    });
    const body = await search(agent, 'platypus', ['jiraIssues']);
    expect(body.jiraIssues?.issues.map((issue) => issue.key)).toEqual(['NET-9001']);
  });

  it("hides a protected article's body from visitors on a page the cache shares with signed-in users", async () => {
    const query = 'customer id activation';
    const protectedHit = (body: Awaited<ReturnType<typeof search>>) =>
      body.zendesk?.results.find((hit) => hit.user_segment_id !== null);
    const first = protectedHit(await search(customer, query));
    expect(first).toBeDefined();
    expect(first?.snippet).not.toBe(SIGN_IN_TO_READ);
    expect(protectedHit(await search(visitor, query))?.snippet).toBe(SIGN_IN_TO_READ);
    expect(protectedHit(await search(customer, query))?.snippet).toBe(first?.snippet);
  });
});
