import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer, type FakeClock, type FakeRequest, type FakeServer } from '../harness';
import { defaultForumbeePosts, type ForumbeeFixturePost } from './fixtures';
import { DEFAULT_FIELDS, project, textIn } from './posts';

/**
 * A fake Forumbee community for the community feed's tests and the vendor browser profile: a `node:http` server
 * on 127.0.0.1 (the harness) holding posts in memory. What it answers follows the public clients of Forumbee's
 * API v2 listed in docs/vendors/forumbee.md (Forumbee's reference, https://community.forumbee.com/t/y72fnn/api-reference,
 * is not stored anywhere this project can read); each guess is marked "not documented".
 *
 *   GET /api/2/posts ?fields=postKey,title,text,author.name,…   only those fields (dotted names nested)
 *                    &postType=topics|replies                   (absent: every post)
 *                    &textFormat=plain|plain-truncate-<n>|html  (absent: the stored HTML)
 *                    &categoryLink=<link>                       one category; an unknown one is 404
 *                    &limit=<1..1000>&offset=<n>                (limit absent: 100)
 *     200 {data: [...], paging: {count, offset, limit}}
 * Anything else answers 404.
 *
 * Authentication: with `apiKey` set, every call needs `Authorization: Bearer <apiKey>` (the header the public
 * clients send: jeffdickman/forumbee-mcp-server `client.py`), else 401; without it the community is public and
 * answers anyone, as kiva.forumbee.com answered a browser extension.
 *
 * Test controls, besides the harness's `failNext`, `hangNext`, `malformedNext`, `clock` and `log`:
 *   forumbee.rateLimitNext(n, retryAfterSeconds?)   the next n requests answer 429 with `Retry-After`
 *   forumbee.unavailableNext(n)                     the next n requests answer 503
 *   forumbee.setPosts(posts)                        replaces the posts
 * Each log entry's `outcome` holds `auth` (`bearer`, `anonymous`, `refused`) and `returned` (the number of posts).
 */

export const FORUMBEE_FAKE_API_KEY = 'fb-fake-key-for-the-portal-tests';

/** The most posts a page holds: public clients call 1000 "the maximum allowed by the API" (docs/vendors/forumbee.md). */
export const FORUMBEE_MAX_LIMIT = 1000;
/** Not documented: the page size when `limit` is absent. */
export const FORUMBEE_DEFAULT_LIMIT = 100;

export interface ForumbeeFakeOptions {
  port?: number;
  /** The key every call must bear; unset = a public community. */
  apiKey?: string;
  /** Default: {@link defaultForumbeePosts}. */
  posts?: readonly ForumbeeFixturePost[];
  clock?: FakeClock;
}

export interface ForumbeeFake extends FakeServer {
  apiKey: string | undefined;
  posts(): readonly ForumbeeFixturePost[];
  setPosts(posts: readonly ForumbeeFixturePost[]): void;
  rateLimitNext(n: number, retryAfterSeconds?: number): void;
  unavailableNext(n: number): void;
}

/** Not documented: the body of Forumbee's errors; the fake answers `{error: <sentence>}`. */
function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: message });
}

function integer(value: string | null, fallback: number): number | undefined {
  if (value === null) return fallback;
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

export async function startForumbeeFake(options: ForumbeeFakeOptions = {}): Promise<ForumbeeFake> {
  let posts: readonly ForumbeeFixturePost[] = options.posts ?? defaultForumbeePosts();
  const forum = { url: '' };

  const listPosts = (request: FakeRequest, res: ServerResponse): void => {
    const { query, entry } = request;
    const limit = integer(query.get('limit'), FORUMBEE_DEFAULT_LIMIT);
    const offset = integer(query.get('offset'), 0);
    if (limit === undefined || limit < 1 || limit > FORUMBEE_MAX_LIMIT || offset === undefined) {
      // Not documented: how Forumbee refuses a bad limit or offset.
      return sendError(res, 400, `limit must be 1 to ${FORUMBEE_MAX_LIMIT}, offset 0 or more`);
    }
    const format = query.get('textFormat');
    const postType = query.get('postType');
    const category = query.get('categoryLink');
    if (category !== null && !posts.some((post) => post.categoryLink === category)) {
      // Not documented: an unknown category; the fake answers 404 so that a misspelt setting shows.
      return sendError(res, 404, `no category ${category}`);
    }
    const matching = posts.filter(
      (post) =>
        (category === null || post.categoryLink === category) &&
        (postType === null ||
          (postType === 'topics' && post.kind === 'topic') ||
          (postType === 'replies' && post.kind === 'reply')),
    );
    const fields = query
      .get('fields')
      ?.split(',')
      .map((field) => field.trim()) ?? [...DEFAULT_FIELDS];
    const page = matching.slice(offset, offset + limit);
    const data = [];
    for (const post of page) {
      const text = textIn(format, post.html);
      if (text === undefined) return sendError(res, 400, `unknown textFormat ${format ?? ''}`);
      data.push(project(post, fields, text, forum.url));
    }
    entry.outcome.returned = String(data.length);
    // Not documented: what `paging` holds besides `count` (the portal spec names `paging.count`); the fake
    // counts every matching post.
    sendJson(res, 200, { data, paging: { count: matching.length, offset, limit } });
  };

  const fake = await startFakeServer({
    port: options.port,
    clock: options.clock,
    loggedHeaders: ['authorization', 'accept'],
    malformed: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"data":"not a list"}',
    },
    handle: (request, res) => {
      const authorization = request.headers.authorization;
      if (options.apiKey !== undefined) {
        if (authorization !== `Bearer ${options.apiKey}`) {
          request.entry.outcome.auth = 'refused';
          // Not documented: the body of the 401; public clients only test its status.
          return sendError(res, 401, 'Invalid or expired API token');
        }
        request.entry.outcome.auth = 'bearer';
      } else {
        request.entry.outcome.auth = authorization === undefined ? 'anonymous' : 'bearer';
      }
      if (request.method === 'GET' && request.rawPath === '/api/2/posts') return listPosts(request, res);
      return sendError(res, 404, 'not found');
    },
  });
  forum.url = fake.url;

  return {
    ...fake,
    apiKey: options.apiKey,
    posts: () => posts,
    setPosts: (next) => {
      posts = next;
    },
    // Not documented: whether Forumbee limits its rate, and how; the fake answers as most APIs do (429 and
    // `Retry-After` in seconds, RFC 9110 section 10.2.3).
    rateLimitNext: (n, retryAfterSeconds = 1) =>
      fake.failNext(n, {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) },
        body: JSON.stringify({ error: 'Too many requests' }),
      }),
    unavailableNext: (n) =>
      fake.failNext(n, {
        status: 503,
        headers: { 'content-type': 'text/plain' },
        body: 'Service Unavailable',
      }),
  };
}
