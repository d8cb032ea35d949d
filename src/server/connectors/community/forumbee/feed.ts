import { ServiceError } from '../../../lib/errors.js';
import type { ContentFeed, FeedPass, FeedPost } from '../../content-feed.js';
import { createVendorHttp, type VendorLog } from '../../vendor-http.js';
import { FORUMBEE_POST_FIELDS, forumbeePostPageSchema, type ForumbeePost } from './schemas.js';

/**
 * A Forumbee community's topics as the community feed: every pass lists every topic (of the configured
 * categories, else of the whole community) through `GET /api/2/posts`, page by page, and answers a complete pass,
 * since Forumbee offers no change listing that we know of. Facts and sources: docs/vendors/forumbee.md; every
 * guess about the answers lives in schemas.ts.
 */
export interface ForumbeeFeedOptions {
  /** The community's address (`https://community.acme.example`); the API is under `/api/2`. */
  baseUrl: string;
  /** A private community's API token; a public community lists its posts without one. */
  apiKey?: string;
  /** `categoryLink`s to sync; unset or empty = every category. */
  categories?: readonly string[];
  /** Posts per page, at most {@link FORUMBEE_MAX_PAGE_SIZE}. */
  pageSize?: number;
  log: VendorLog;
}

/** S1 and S2 call 1000 the most `limit` allows (jeffdickman/forumbee-mcp-server server.py: "max 1000"). */
export const FORUMBEE_MAX_PAGE_SIZE = 1000;

export function createForumbeeCommunityFeed(options: ForumbeeFeedOptions): ContentFeed<FeedPost> {
  const forumUrl = options.baseUrl.replace(/\/+$/, '');
  const pageSize = Math.min(
    Math.max(1, Math.floor(options.pageSize ?? FORUMBEE_MAX_PAGE_SIZE)),
    FORUMBEE_MAX_PAGE_SIZE,
  );
  const { apiKey } = options;
  const http = createVendorHttp({
    vendor: 'forumbee',
    baseUrl: `${forumUrl}/api/2`,
    log: options.log,
    // `Authorization: Bearer <token>`, as S1 (client.py `_request`) and S2 (every script) send it. Not read in
    // Forumbee's reference. No header at all for a public community: it answered S3 without a key.
    headers: apiKey === undefined ? undefined : () => ({ authorization: `Bearer ${apiKey}` }),
  });
  const categories: readonly (string | undefined)[] =
    options.categories !== undefined && options.categories.length > 0 ? options.categories : [undefined];

  /** Every topic of one category (or of the community), `offset` moving by `limit` until a short page. */
  async function listTopics(category: string | undefined, signal: AbortSignal): Promise<ForumbeePost[]> {
    const topics: ForumbeePost[] = [];
    const seen = new Set<string>();
    for (let offset = 0; ; offset += pageSize) {
      const page = await http.request({
        path: '/posts',
        query: {
          fields: FORUMBEE_POST_FIELDS.join(','),
          // Topics only: a reply is a post of its own (S1's design doc lists `topics`, `replies`, …; S3 asks `topics`).
          postType: 'topics',
          // S3 asks `plain`; S1 and S2 `plain-truncate-<n>` and `html`.
          textFormat: 'plain',
          categoryLink: category,
          limit: pageSize,
          offset,
        },
        schema: forumbeePostPageSchema,
        signal,
      });
      for (const post of page.data) {
        // S3 stops when a page repeats what it already has: an offset past the end may answer the first page
        // again. A listing that repeats itself is not a complete one, so the pass fails rather than loop.
        if (seen.has(post.postKey)) {
          throw new ServiceError(
            'UNAVAILABLE',
            `forumbee listed post ${post.postKey} twice${category ? ` in category ${category}` : ''}`,
          );
        }
        seen.add(post.postKey);
        topics.push(post);
      }
      // The end of a listing is a page shorter than `limit`, as S2 (get-post-text.py) and S3 stop.
      if (page.data.length < pageSize) return topics;
    }
  }

  function toFeedPost(post: ForumbeePost): FeedPost {
    return {
      externalId: post.postKey,
      title: post.title,
      author: post.author?.name ?? post['author.name'] ?? '',
      text: post.text,
      url: postUrl(post),
      replies: post.replyCount,
      createdAt: new Date(post.posted),
    };
  }

  function postUrl(post: ForumbeePost): string {
    // Not documented: whether `url` is absolute; a path is resolved against the community. Without it, the
    // address of a topic is `/t/<postKey>` (S3 builds it so; Forumbee's own topics read `/t/<postKey>/<slug>`).
    // The link is shown to visitors: only a web address is kept (a `javascript:` one would run in the portal).
    if (post.url !== undefined) {
      const url = new URL(post.url, `${forumUrl}/`);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
    }
    return `${forumUrl}/t/${encodeURIComponent(post.postKey)}`;
  }

  return {
    source: 'community',
    vendor: 'forumbee',
    async pass({ signal }): Promise<FeedPass<FeedPost>> {
      const posts = new Map<string, FeedPost>();
      for (const category of categories) {
        for (const post of await listTopics(category, signal)) posts.set(post.postKey, toFeedPost(post));
      }
      return {
        items: [...posts.values()],
        unchanged: [],
        removed: [],
        complete: true,
        // Forumbee has no change listing to resume from: the cursor only records when the pass listed.
        cursor: new Date().toISOString(),
      };
    },
  };
}
