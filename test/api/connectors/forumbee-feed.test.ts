import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createForumbeeCommunityFeed,
  type ForumbeeFeedOptions,
} from '../../../src/server/connectors/community/forumbee/feed.js';
import { VendorError, type VendorLog } from '../../../src/server/connectors/vendor-http.js';
import { startForumbeeFake, type ForumbeeFake } from '../../fakes/forumbee/index.js';

/** The Forumbee community feed against the Forumbee fake (test/fakes/forumbee/) on a free port. */
const lines: string[] = [];
const write = (fields: object, message: string) => void lines.push(`${JSON.stringify(fields)} ${message}`);
const log: VendorLog = { info: write, warn: write, error: write };

function pass(options: Partial<ForumbeeFeedOptions> & { baseUrl: string }) {
  return createForumbeeCommunityFeed({ log, ...options }).pass({
    cursor: undefined,
    full: true,
    signal: AbortSignal.timeout(20_000),
  });
}

const listings = (fake: ForumbeeFake) => fake.log.filter((entry) => entry.path === '/api/2/posts');

describe('the Forumbee feed on a public community', () => {
  let fake: ForumbeeFake;
  beforeAll(async () => {
    fake = await startForumbeeFake();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.log.length = 0;
  });

  it('pages with limit and offset until a page shorter than limit, and answers a complete pass', async () => {
    const result = await pass({ baseUrl: fake.url, pageSize: 10 });
    expect(listings(fake).map((entry) => [entry.query.limit, entry.query.offset])).toEqual([
      ['10', '0'],
      ['10', '10'],
      ['10', '20'],
    ]);
    expect(result.items).toHaveLength(25);
    expect(new Set(result.items.map((item) => item.externalId)).size).toBe(25);
    expect(result).toMatchObject({ complete: true, unchanged: [], removed: [] });
    expect(Number.isNaN(Date.parse(result.cursor))).toBe(false);
  });

  it('asks one more page when the last full page ends the listing exactly', async () => {
    const result = await pass({ baseUrl: fake.url, pageSize: 5 });
    expect(listings(fake).map((entry) => entry.query.offset)).toEqual(['0', '5', '10', '15', '20', '25']);
    expect(result.items).toHaveLength(25);
  });

  it('asks topics in plain text with the fields it reads, and hands over the post as the forum shows it', async () => {
    const result = await pass({ baseUrl: fake.url });
    const [request] = listings(fake);
    expect(request?.query).toMatchObject({
      postType: 'topics',
      textFormat: 'plain',
      fields: 'postKey,title,text,posted,replyCount,url,author.name',
      limit: '1000',
      offset: '0',
    });
    expect(request?.query).not.toHaveProperty('categoryLink');
    expect(request?.outcome.auth).toBe('anonymous');
    const post = result.items.find((item) => item.externalId === 'gs0001');
    expect(post).toEqual({
      externalId: 'gs0001',
      title: 'Which ports does the gateway need open?',
      author: 'Grace Hopper',
      text: 'Which ports does the gateway need open? Steps we tried & what happened: step one step two',
      url: `${fake.url}/t/gs0001/which-ports-does-the-gateway-need-open`,
      replies: 1,
      createdAt: new Date('2026-01-02T09:30:00.000Z'),
    });
    expect(result.items.every((item) => !/[<>]/.test(item.text))).toBe(true);
    expect(result.items.some((item) => item.externalId.startsWith('re'))).toBe(false);
  });

  it('lists each configured category on its own', async () => {
    const one = await pass({ baseUrl: fake.url, categories: ['troubleshooting'] });
    expect(one.items.map((item) => item.externalId).every((id) => id.startsWith('tr'))).toBe(true);
    expect(one.items).toHaveLength(12);
    fake.log.length = 0;
    const both = await pass({
      baseUrl: fake.url,
      categories: ['getting-started', 'troubleshooting'],
      pageSize: 10,
    });
    expect(listings(fake).map((entry) => [entry.query.categoryLink, entry.query.offset])).toEqual([
      ['getting-started', '0'],
      ['getting-started', '10'],
      ['troubleshooting', '0'],
      ['troubleshooting', '10'],
    ]);
    expect(both.items).toHaveLength(25);
  });

  it('fails the pass on a 503 that lasts through the retries', async () => {
    fake.unavailableNext(3);
    const failure = await pass({ baseUrl: fake.url }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VendorError);
    expect(failure).toMatchObject({ code: 'UNAVAILABLE', status: 503, vendor: 'forumbee' });
    expect(listings(fake)).toHaveLength(3);
  });

  it('fails the pass on a 429 that lasts through the retries, waiting as Retry-After says', async () => {
    fake.rateLimitNext(3, 0);
    const failure = await pass({ baseUrl: fake.url }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'UNAVAILABLE', status: 429 });
    expect(listings(fake).map((entry) => entry.status)).toEqual([429, 429, 429]);
  });

  it('completes the pass when a 429 passes on the retry', async () => {
    fake.rateLimitNext(1, 0);
    const result = await pass({ baseUrl: fake.url });
    expect(listings(fake).map((entry) => entry.status)).toEqual([429, 200]);
    expect(result.items).toHaveLength(25);
  });

  it('fails the pass on an answer it cannot read', async () => {
    fake.malformedNext(1);
    await expect(pass({ baseUrl: fake.url })).rejects.toMatchObject({ name: 'VendorContractError' });
  });

  it('reads the other likely shapes: dotted author, a relative or missing url, counts as text', async () => {
    const data = [
      {
        postKey: 'a1',
        title: 'A',
        text: 'a',
        posted: '2026-02-01T00:00:00Z',
        replyCount: '3',
        url: '/t/a1/a',
        'author.name': 'Ann',
      },
      { postKey: 'b2', title: 'B', posted: 1767225600000, author: { name: 'Bob' } },
    ];
    fake.failNext(1, {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    const result = await pass({ baseUrl: `${fake.url}/` });
    expect(result.items).toEqual([
      {
        externalId: 'a1',
        title: 'A',
        author: 'Ann',
        text: 'a',
        url: `${fake.url}/t/a1/a`,
        replies: 3,
        createdAt: new Date('2026-02-01T00:00:00Z'),
      },
      {
        externalId: 'b2',
        title: 'B',
        author: 'Bob',
        text: '',
        url: `${fake.url}/t/b2`,
        replies: 0,
        createdAt: new Date(1767225600000),
      },
    ]);
  });

  it('never hands over a link that is not a web address', async () => {
    const data = [
      {
        postKey: 'js1',
        title: 'A',
        posted: '2026-02-01T00:00:00Z',
        url: 'javascript:alert(document.cookie)',
      },
      { postKey: 'd2', title: 'B', posted: '2026-02-01T00:00:00Z', url: 'data:text/html,<script>1</script>' },
    ];
    fake.failNext(1, {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    const result = await pass({ baseUrl: fake.url });
    expect(result.items.map((item) => item.url)).toEqual([`${fake.url}/t/js1`, `${fake.url}/t/d2`]);
  });

  it('fails the pass when a page repeats a post it already listed', async () => {
    const page = JSON.stringify({
      data: [
        { postKey: 'x', title: 'X', posted: '2026-01-01T00:00:00Z' },
        { postKey: 'y', title: 'Y', posted: '2026-01-01T00:00:00Z' },
      ],
    });
    fake.failNext(2, { status: 200, headers: { 'content-type': 'application/json' }, body: page });
    await expect(pass({ baseUrl: fake.url, pageSize: 2 })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'forumbee listed post x twice',
    });
  });
});

describe('the Forumbee feed on a private community', () => {
  let fake: ForumbeeFake;
  beforeAll(async () => {
    fake = await startForumbeeFake({ apiKey: 'community-key' });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.log.length = 0;
  });

  it('sends the key as a Bearer token', async () => {
    const result = await pass({ baseUrl: fake.url, apiKey: 'community-key' });
    expect(result.items).toHaveLength(25);
    expect(listings(fake).map((entry) => entry.headers.authorization)).toEqual(['Bearer community-key']);
  });

  it('fails the pass with a 401 without the key', async () => {
    const failure = await pass({ baseUrl: fake.url }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VendorError);
    expect(failure).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(listings(fake).map((entry) => [entry.status, entry.outcome.auth])).toEqual([[401, 'refused']]);
  });

  it('never writes the key into its log lines', async () => {
    lines.length = 0;
    await pass({ baseUrl: fake.url, apiKey: 'wrong-key' }).catch(() => undefined);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('wrong-key');
  });
});
