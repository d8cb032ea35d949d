import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startForumbeeFake, type ForumbeeFake } from './index';
import { htmlToPlain } from './posts';

interface PostsAnswer {
  data: Record<string, unknown>[];
  paging: { count: number; offset: number; limit: number };
}

async function get(fake: ForumbeeFake, query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${fake.url}/api/2/posts?${query}`, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe('the Forumbee fake, public community', () => {
  let fake: ForumbeeFake;
  beforeAll(async () => {
    fake = await startForumbeeFake();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.log.length = 0;
  });

  it('answers only the fields asked for, dotted ones nested', async () => {
    const { status, body } = await get(fake, 'fields=postKey,title,author.name&limit=2');
    expect(status).toBe(200);
    const { data } = body as PostsAnswer;
    expect(data).toHaveLength(2);
    expect(data[0]).toEqual({
      postKey: 'gs0000',
      title: expect.any(String),
      author: { name: 'Ada Lovelace' },
    });
    expect(Object.keys(data[1] ?? {}).sort()).toEqual(['author', 'postKey', 'title']);
  });

  it('lists topics only with postType=topics, 25 over two categories', async () => {
    const all = (await get(fake, 'fields=postKey&limit=1000')).body as PostsAnswer;
    const topics = (await get(fake, 'fields=postKey&postType=topics&limit=1000')).body as PostsAnswer;
    expect(topics.data).toHaveLength(25);
    expect(all.data.length).toBeGreaterThan(25);
    expect(topics.paging.count).toBe(25);
  });

  it('turns the HTML into plain text with textFormat=plain and keeps it otherwise', async () => {
    const plain = (await get(fake, 'fields=text&textFormat=plain&limit=1')).body as PostsAnswer;
    const html = (await get(fake, 'fields=text&limit=1')).body as PostsAnswer;
    expect(html.data[0]?.text).toContain('<p>');
    expect(plain.data[0]?.text).not.toMatch(/[<>]/);
    expect(plain.data[0]?.text).toContain('Steps we tried & what happened: step one step two');
    const truncated = (await get(fake, 'fields=text&textFormat=plain-truncate-10&limit=1'))
      .body as PostsAnswer;
    expect(truncated.data[0]?.text).toHaveLength(10);
  });

  it('filters by categoryLink and pages by limit and offset', async () => {
    const first = (await get(fake, 'fields=postKey&postType=topics&categoryLink=troubleshooting&limit=5'))
      .body as PostsAnswer;
    const last = (
      await get(fake, 'fields=postKey&postType=topics&categoryLink=troubleshooting&limit=5&offset=10')
    ).body as PostsAnswer;
    expect(first.data.map((post) => post.postKey)).toEqual([
      'tr0000',
      'tr0001',
      'tr0002',
      'tr0003',
      'tr0004',
    ]);
    expect(last.data.map((post) => post.postKey)).toEqual(['tr0010', 'tr0011']);
    expect(first.paging).toEqual({ count: 12, offset: 0, limit: 5 });
    expect((await get(fake, 'categoryLink=nowhere')).status).toBe(404);
  });

  it('refuses a limit above 1000', async () => {
    expect((await get(fake, 'limit=1001')).status).toBe(400);
  });

  it('answers the post URL, replies count, author and creation date', async () => {
    const { data } = (
      await get(fake, 'fields=postKey,url,replyCount,posted,author.name&categoryLink=getting-started&limit=2')
    ).body as PostsAnswer;
    expect(data[1]).toEqual({
      postKey: 'gs0001',
      url: `${fake.url}/t/gs0001/which-ports-does-the-gateway-need-open`,
      replyCount: 1,
      posted: '2026-01-02T09:30:00.000Z',
      author: { name: 'Grace Hopper' },
    });
  });

  it('injects a 429 with Retry-After and a 503', async () => {
    fake.rateLimitNext(1, 7);
    fake.unavailableNext(1);
    const limited = await get(fake, 'limit=1');
    const unavailable = await fetch(`${fake.url}/api/2/posts`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(unavailable.status).toBe(503);
    expect((await get(fake, 'limit=1')).status).toBe(200);
    expect(fake.log.map((entry) => entry.outcome.injected)).toEqual(['fail', 'fail', undefined]);
  });
});

describe('the Forumbee fake, private community', () => {
  let fake: ForumbeeFake;
  beforeAll(async () => {
    fake = await startForumbeeFake({ apiKey: 'private-key' });
  });
  afterAll(() => fake.stop());

  it('answers 401 without the key or with another one, 200 with the Bearer key', async () => {
    expect((await get(fake, 'limit=1')).status).toBe(401);
    expect((await get(fake, 'limit=1', { authorization: 'Bearer other' })).status).toBe(401);
    expect((await get(fake, 'limit=1', { 'x-api-key': 'private-key' })).status).toBe(401);
    expect((await get(fake, 'limit=1', { authorization: 'Bearer private-key' })).status).toBe(200);
    expect(fake.log.map((entry) => entry.outcome.auth)).toEqual(['refused', 'refused', 'refused', 'bearer']);
  });
});

describe('htmlToPlain', () => {
  it('separates blocks, drops tags and decodes entities', () => {
    expect(htmlToPlain('<h2>A&nbsp;title</h2><p>x &lt; y<br>z &#38; w</p>')).toBe('A title x < y z & w');
  });
});
