import { beforeAll, describe, expect, it } from 'vitest';
import { communityGroupSchema, searchGroupSchemas } from '../../../src/common/contracts/search.js';
import { SEARCH_COUNT_CAP } from '../../../src/common/search-sources.js';
import { ELLIPSIS } from '../../../src/common/snippet.js';
import { communityPosts } from '../../../src/server/connectors/community/builtin/schema.js';
import { signInWithPassword } from '../../support/auth-flow.js';
import { anonymous, getPage, search, visibleText } from '../../support/search.js';
import { useTestApp } from '../../support/use-test-app.js';
import { createAgent } from '../../support/factories.js';

/** Only `<mark>` and `</mark>` as markup; everything else escaped. */
function expectOnlyMarks(html: string): void {
  expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
}

/** Every word of a cut snippet is whole: the text before the ellipsis is followed in the source by a break. */
function expectWordBoundaryCut(snippet: string, source: string, max: number): void {
  const text = visibleText(snippet);
  expect(text.endsWith(ELLIPSIS)).toBe(true);
  const kept = text.slice(0, -ELLIPSIS.length);
  expect(Array.from(kept).length).toBeLessThanOrEqual(max);
  expect(Array.from(kept).length).toBeGreaterThan(max - 30);
  const at = source.indexOf(kept);
  expect(at, `"${kept}" is not a passage of the source`).toBeGreaterThanOrEqual(0);
  expect(source.charAt(at + kept.length)).toMatch(/[\s,.;:]/);
}

const LONG_TEXT = Array.from(
  { length: 12 },
  (_, index) =>
    `Paragraph ${index + 1} explains how the kraken collector ships telemetry from every gateway to CoPilot, ` +
    `including flow records, syslog and performance counters.`,
).join(' ');

describe('ranking, snippets, pages and suggestions', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await t.database.db.insert(communityPosts).values([
      ...Array.from({ length: 25 }, (_, index) => ({
        slug: `zebrafish-${index + 1}`,
        title: `Zebrafish probe ${index + 1}`,
        author: 'tester',
        text: `Synthetic post ${index + 1} about zebrafish.`,
        url: `https://community.acme.example/t/zebrafish-${index + 1}`,
      })),
      // More matches than a source counts.
      ...Array.from({ length: SEARCH_COUNT_CAP + 15 }, (_, index) => ({
        slug: `wombat-${index + 1}`,
        title: `Burrow report ${index + 1}`,
        author: 'tester',
        text: `The wombats of burrow ${index + 1} dig tunnels under the gateway.`,
        url: `https://community.acme.example/t/wombat-${index + 1}`,
      })),
      {
        slug: 'kraken-long',
        title: 'Telemetry pipeline',
        author: 'tester',
        text: LONG_TEXT,
        url: 'https://community.acme.example/t/kraken-long',
      },
      // The body says the words again and again next to each other: ts_rank scores it above the title match
      // (0.99999994 against 0.991), so only the title bonus puts the title match first.
      {
        slug: 'quokka-body',
        title: 'Marsupial field notes',
        author: 'tester',
        text: 'Quokka wrangling, '.repeat(20),
        url: 'https://community.acme.example/t/quokka-body',
      },
      {
        slug: 'quokka-title',
        title: 'Quokka wrangling',
        author: 'tester',
        text: 'A short note.',
        url: 'https://community.acme.example/t/quokka-title',
      },
      {
        slug: 'escaping',
        title: 'Escaping check',
        author: 'tester',
        text: 'The basilisk & "quotes" and \'apostrophes\' with 5 < 6 > 3 in one short post.',
        url: 'https://community.acme.example/t/escaping',
      },
    ]);
  });

  it('ranks a title match above a body match', async () => {
    const body = await search(anonymous(t.app), 'geneve', ['zendesk']);
    const titles = body.zendesk?.results.map((result) => result.title);
    expect(titles).toEqual(['Geneve overlay basics', 'Overlay MTU tuning']);
  });

  it('ranks an item with every word in its title first, above a body that repeats them', async () => {
    const body = await search(anonymous(t.app), 'quokka wrangling', ['forumbee']);
    expect(body.forumbee?.data.map((post) => post.title)).toEqual([
      'Quokka wrangling',
      'Marsupial field notes',
    ]);
  });

  it('cuts snippets at 200 visible characters on a word boundary with an ellipsis, matches in <mark>', async () => {
    const body = await search(anonymous(t.app), 'kraken collector', ['forumbee']);
    const post = body.forumbee?.data[0];
    expect(post?.title).toBe('Telemetry pipeline');
    const snippet = post?.text ?? '';
    // Adjacent matched words share one mark.
    expect(snippet).toContain('<mark>kraken collector</mark>');
    expectOnlyMarks(snippet);
    expectWordBoundaryCut(snippet, LONG_TEXT, 200);
  });

  it('escapes everything in a snippet except the marks', async () => {
    const body = await search(anonymous(t.app), 'basilisk', ['forumbee']);
    const text = body.forumbee?.data[0]?.text ?? '';
    expect(text).toContain('<mark>basilisk</mark> &amp; &quot;quotes&quot; and &#39;apostrophes&#39;');
    expect(text).toContain('5 &lt; 6 &gt; 3');
    expect(text).toContain('<mark>basilisk</mark>');
    expectOnlyMarks(text);
    // Short text: no ellipsis.
    expect(text.endsWith(ELLIPSIS)).toBe(false);
  });

  it('cuts Jira descriptions at 150 characters', async () => {
    const staff = await createAgent(t.app);
    const agent = await signInWithPassword(t.app, staff.email, staff.password);
    const body = await search(agent, 'failover hold timer', ['jiraIssues']);
    const issue = body.jiraIssues?.issues[0];
    expect(issue?.key).toBe('NET-1001');
    const description = issue?.fields.description ?? '';
    expectOnlyMarks(description);
    expect(description).toContain('<mark>');
    const text = visibleText(description);
    expect(text.endsWith(ELLIPSIS)).toBe(true);
    expect(Array.from(text).length - ELLIPSIS.length).toBeLessThanOrEqual(150);
  });

  it('pages hold 10 results; page 2 and 3 continue without repeats', async () => {
    const visitor = anonymous(t.app);
    const first = await search(visitor, 'zebrafish', ['forumbee']);
    expect(first.forumbee?.paging.count).toBe(25);
    expect(first.forumbee?.data).toHaveLength(10);
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await getPage(visitor, '/api/forumbee/searchPageCommunity', 'zebrafish', page);
      expect(res.statusCode).toBe(200);
      pages.push(communityGroupSchema.parse(res.json()));
    }
    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 5, 0]);
    expect(pages.every((page) => page.paging.count === 25)).toBe(true);
    const ids = pages.flatMap((page) => page.data.map((post) => post.id));
    expect(new Set(ids).size).toBe(25);
    expect(pages[0]?.data.map((post) => post.id)).toEqual(first.forumbee?.data.map((post) => post.id));
    // Without page: the first.
    const res = await getPage(visitor, '/api/forumbee/searchPageCommunity', 'zebrafish');
    expect(searchGroupSchemas.forumbee.parse(res.json()).data).toEqual(pages[0]?.data);
  });

  it('a count stops at the cap, and the pages past it still answer from the same statement', async () => {
    const visitor = anonymous(t.app);
    const first = await search(visitor, 'wombat', ['forumbee']);
    expect(first.forumbee?.paging.count).toBe(SEARCH_COUNT_CAP);
    // Page 21 lies past the cap: its rows are found and ranked as far as the page needs.
    const res = await getPage(visitor, '/api/forumbee/searchPageCommunity', 'wombat', 21);
    expect(res.statusCode).toBe(200);
    const deep = communityGroupSchema.parse(res.json());
    expect(deep.data).toHaveLength(10);
    expect(deep.paging.count).toBeGreaterThanOrEqual(SEARCH_COUNT_CAP + 10);
  });

  it('highlights the forms of a word the database matched: "wombat" marks "wombats", the prefix "tunn" marks "tunnels"', async () => {
    const body = await search(anonymous(t.app), 'wombat tunn', ['forumbee']);
    const text = body.forumbee?.data[0]?.text ?? '';
    expect(text).toMatch(
      /^The <mark>wombats<\/mark> of burrow \d+ dig <mark>tunnels<\/mark> under the gateway\.$/,
    );
  });

  it('a misspelled query that finds nothing answers its spelling from the titles, and says so', async () => {
    const visitor = anonymous(t.app);
    const body = await search(visitor, 'trnasit gatway');
    expect(body.showingResultsFor).toBe('transit gateway');
    expect(body.zendesk?.count).toBeGreaterThan(0);
    expect(body.didYouMean).toBeUndefined();
    const asTyped = await search(visitor, 'transit gateway');
    expect(asTyped.showingResultsFor).toBeUndefined();
    expect(asTyped.zendesk?.count).toBe(body.zendesk?.count);
    expect((await search(visitor, 'firwall')).showingResultsFor).toBe('firewall');
    // Nothing similar at all: no correction, no suggestion, nothing found.
    const nothing = await search(visitor, 'qqqqxj');
    expect(nothing.showingResultsFor).toBeUndefined();
    expect((await search(visitor, 'qqqqxj')).didYouMean).toBeUndefined();
  });
});
