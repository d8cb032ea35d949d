import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../src/common/contracts/search.js';
import { copyFixtureContent } from '../../support/content-copy.js';
import { anonymous, search } from '../../support/search.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Search by meaning: with the passages' vectors (the built-in model), a paraphrase that shares no distinctive
 * word with its article finds it among the first three; without them it does not. An off-topic query still
 * finds nothing. The content is the fixture content with a few troubleshooting articles of `content/`, so that
 * the model embeds a few dozen passages, not the whole content.
 */

const contentRoot = fileURLToPath(new URL('../../../content/kb/tech-hub', import.meta.url));
const REAL_ARTICLES = [
  'troubleshooting/gateway-unreachable.md',
  'troubleshooting/ipsec-tunnels-flapping.md',
  'troubleshooting/gateway-disk-full.md',
  'troubleshooting/asymmetric-routing-connection-resets.md',
  'troubleshooting/low-throughput-between-spokes.md',
  'transit-and-spoke/network-domains-and-connection-policies.md',
  // Holds "lost" and "contact": the paraphrase's words are the content's own, so search does not take it for
  // a query about something the content never mentions (which finds nothing, vectors or not).
  'upgrades/apply-private-hotfix.md',
];

/** "Gateway shows 'unreachable' in the Controller", in words of its symptom: neither 'gateway' nor 'unreachable'. */
const PARAPHRASE = 'the controller lost contact with the appliance';
const TARGET = "Gateway shows 'unreachable' in the Controller";

const kbTitles = (response: SearchResponse) => (response.zendesk?.results ?? []).map((hit) => hit.title);

describe('hybrid ranking (full text fused with passage vectors)', () => {
  let content: Awaited<ReturnType<typeof copyFixtureContent>>;
  let textOnly: TestApp;
  let hybrid: TestApp;
  beforeAll(async () => {
    content = await copyFixtureContent();
    for (const file of REAL_ARTICLES) {
      await cp(
        path.join(contentRoot, file),
        path.join(content.dir, 'kb/tech-hub/troubleshooting', path.basename(file)),
      );
    }
    textOnly = await createTestApp({
      contentDir: content.dir,
      accounts: false,
      env: { EMBEDDINGS: 'false' },
    });
    // A second instance on the same content, with the built-in embedder.
    hybrid = await createTestApp({ sharedDatabase: textOnly.database, env: { EMBEDDINGS: 'true' } });
    await hybrid.app.contentLoaded();
    await hybrid.app.passageVectors?.settled();
  }, 240_000);
  afterAll(async () => {
    await hybrid.close();
    await textOnly.close();
    await content.remove();
  });

  it('a paraphrase finds its article among the first three with vectors, not without', async () => {
    expect(hybrid.app.passageVectors?.ready).toBe(true);
    const without = await search(anonymous(textOnly.app), PARAPHRASE);
    const withVectors = await search(anonymous(hybrid.app), PARAPHRASE);
    // The full text found something (so there is an answer), but not the article.
    expect(without.zendesk?.count).toBeGreaterThan(0);
    expect(kbTitles(without).slice(0, 3)).not.toContain(TARGET);
    expect(kbTitles(withVectors).slice(0, 3)).toContain(TARGET);
    // What the full text ranked first keeps a place among the first.
    expect(kbTitles(withVectors).slice(0, 3)).toContain(kbTitles(without)[0]);
  });

  it('an off-topic query finds nothing, with vectors as without', async () => {
    for (const query of ['how do I bake sourdough bread at home', 'excel pivot table formula']) {
      for (const app of [textOnly.app, hybrid.app]) {
        const answer = await search(anonymous(app), query);
        expect([answer.zendesk?.count, answer.git?.count, answer.forumbee?.paging.count]).toEqual([0, 0, 0]);
      }
    }
  });

  it('page 2 of a source continues page 1 of the fused order, under the same count', async () => {
    const query = 'gateway';
    const page = async (n: number) => {
      const res = await hybrid.app.inject({
        method: 'GET',
        url: `/api/zendesk/searchPagedKb?searchValue=${query}&page=${n}`,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ count: number; results: { id: number }[] }>();
    };
    const [first, second] = [await page(1), await page(2)];
    const all = await search(anonymous(hybrid.app), query);
    expect(first.count).toBe(all.zendesk?.count);
    expect(second.count).toBe(first.count);
    const ids = [...first.results, ...second.results].map((hit) => hit.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(Math.min(first.count, 20));
  });
});
