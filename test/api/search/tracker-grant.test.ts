import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerConnector } from '../../../src/server/connectors/tracker/types.js';
import { TrackerGrantMissingError } from '../../../src/server/connectors/tracker/grant-error.js';
import type { Connectors } from '../../../src/server/connectors/index.js';
import { connectorSources } from '../../../src/server/services/search/connector-sources.js';
import { get, signInWithPassword } from '../../support/auth-flow.js';
import { createAgent } from '../../support/factories.js';
import { createSourceBuild, inHtml } from '../../support/rendered-pages.js';
import { getPage, search } from '../../support/search.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe('an agent without a live grant at the ticketing system', () => {
  let calls = 0;
  let t: TestApp;
  let build: Awaited<ReturnType<typeof createSourceBuild>>;
  beforeAll(async () => {
    build = await createSourceBuild();
    t = await createTestApp({
      distDir: build.dir,
      accounts: false,
      // One refusal would open the breaker if a missing grant counted as the tracker failing.
      env: { SEARCH_BREAKER_FAILURES: '1', SEARCH_BREAKER_COOLDOWN_MS: '600000' },
      searchSources: {
        jiraIssues: {
          search: async () => {
            calls += 1;
            throw new TrackerGrantMissingError();
          },
        },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await build?.remove();
  });

  it('sees the Jira group empty with its own status, the other groups answered, and the tracker asked each time', async () => {
    const agent = await createAgent(t.app);
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    for (let round = 1; round <= 3; round += 1) {
      const body = await search(browser, 'gateway');
      expect(body.status.jiraIssues).toBe('reauthorize');
      expect(body.jiraIssues).toEqual({ issues: [], total: 0 });
      expect(body.status.zendesk).toBe('ok');
      expect(body.zendesk?.count).toBeGreaterThan(0);
      expect(calls, 'a missing grant does not open the breaker').toBe(round);
    }
    expect(t.app.searches.service.breakerState('jiraIssues')).toBe('closed');
  });

  it('is told on the search page to authorize the ticketing system again, by a link that loads /jiraAuth', async () => {
    const agent = await createAgent(t.app);
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    const page = await get(browser, '/search?q=gateway');
    expect(page.statusCode).toBe(200);
    // The alert's text, with the comments React writes between text pieces taken out.
    const text = page.body.replace(/<!-- -->/g, '');
    expect(text).toContain(
      `To search Jira, <a href="/jiraAuth">${inHtml('authorize the ticketing system again')}</a>`,
    );
  });

  it('gets a 403 (never a 401, which would sign them out) with the sentence on a paged call', async () => {
    const agent = await createAgent(t.app);
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    const res = await getPage(browser, '/api/jira/searchPagedIssue', 'gateway', 2);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'Authorize the ticketing system again to search its issues.',
    });
  });
});

describe('the Jira source', () => {
  it('searches the tracker as the searching agent', async () => {
    const agents: string[] = [];
    const tracker: Pick<TrackerConnector, 'searchIssues'> = {
      searchIssues: async (_query, agentId) => {
        agents.push(agentId);
        return { count: 0, hits: [] };
      },
    };
    const sources = connectorSources({ tracker } as unknown as Connectors);
    const query = {
      query: 'gateway',
      page: 1,
      pageSize: 10,
      match: 'all' as const,
      signal: new AbortController().signal,
    };
    await sources.jiraIssues.search({
      ...query,
      searcher: {
        actor: { role: 'agent', userType: 'agent', allowDownload: true },
        userId: 'agent-1',
        email: 'a@example.com',
      },
    });
    expect(agents).toEqual(['agent-1']);
    await expect(
      sources.jiraIssues.search({ ...query, searcher: { actor: null, userId: null, email: null } }),
    ).rejects.toBeInstanceOf(TrackerGrantMissingError);
  });
});
