import { z } from 'zod';
import { ServiceError } from '../../../lib/errors.js';
import type { ContentFeed, FeedDocsPage, FeedPass, FeedPassRequest } from '../../content-feed.js';
import {
  createVendorHttp,
  VendorError,
  type BackoffPolicy,
  type VendorCall,
  type VendorLog,
} from '../../vendor-http.js';
import { joinPath, publishedPages } from './page-tree.js';
import { createRatePacer } from './rate-pacer.js';
import {
  markdownPageSchema,
  pageTreeSchema,
  siteSpacesPageSchema,
  type GitbookSiteSpace,
} from './schemas.js';

/**
 * The published GitBook docs site as the docs feed: every pass lists the site's spaces
 * (`GET /v1/orgs/{org}/sites/{siteId}/site-spaces`, following `next.page`), each space's page tree
 * (`GET /v1/spaces/{spaceId}/content/pages`), and fetches as Markdown
 * (`GET /v1/spaces/{spaceId}/content/page/{pageId}?format=markdown`) only the pages whose `updatedAt` moved since
 * the cursor. GitBook has no change listing, so every pass is complete (`full` changes nothing) and the pages
 * not fetched again are `unchanged`; a page gone from the tree is simply not listed, and the sync removes it. Organisation-wide search (`/orgs/{org}/search`) is never called: it can answer spaces the site
 * does not publish.
 *
 * A page's address is the published site's: `siteUrl`'s host, and its path + the site-space's `path` + the
 * page's `path`. GitBook's `urls.app` is the editor, which visitors cannot open, and is never read.
 *
 * Credentials: a GitBook personal access token, sent as `Authorization: Bearer <token>`
 * (https://gitbook.com/docs/developers/gitbook-api/authentication). The operations need `site:read` (site-spaces)
 * and `space:read` (pages) in OAuth terms (GitBook's OpenAPI description, `@gitbook/api@0.202.0`).
 */
export interface GitbookDocsFeedOptions {
  /** GITBOOK_API_URL: `https://api.gitbook.com` (the API is under `/v1`). */
  apiUrl: string;
  /** GITBOOK_API_TOKEN. */
  token: string;
  /** GITBOOK_ORGANIZATION_ID. */
  organizationId: string;
  /** GITBOOK_SITE_ID. */
  siteId: string;
  /** GITBOOK_SITE_URL: where the site is published (`https://docs.acme.example`, or a path under a host). */
  siteUrl: string;
  log: VendorLog;
  /** Site-spaces asked per page of the listing: 100 unless set (GitBook allows up to 1000). */
  siteSpacesPageSize?: number;
  /** The longest wait for a rate-limit reset before a call: 2 minutes unless set. */
  maxRateLimitWaitMs?: number;
  backoff?: BackoffPolicy;
  now?: () => number;
  fetch?: typeof fetch;
}

/** The setting whose value GitBook refused: named in logs and errors, its value never. */
const TOKEN_SETTING = 'GITBOOK_API_TOKEN';

/** What the cursor remembers of a page: enough to tell whether its stored copy is still current. */
const cursorSchema = z.object({
  v: z.literal(1),
  pages: z.record(z.string(), z.object({ updatedAt: z.string(), path: z.string() })),
});
type CursorPages = z.infer<typeof cursorSchema>['pages'];

function readCursor(cursor: string | undefined, log: VendorLog): CursorPages {
  if (cursor === undefined) return {};
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(cursor));
    if (parsed.success) return parsed.data.pages;
  } catch {
    // fall through: an unreadable cursor means every page is fetched again
  }
  log.warn({ vendor: 'gitbook' }, 'GitBook docs cursor unreadable; fetching every page again');
  return {};
}

export function createGitbookDocsFeed(options: GitbookDocsFeedOptions): ContentFeed<FeedDocsPage> {
  const now = options.now ?? Date.now;
  const baseFetch = options.fetch ?? fetch;
  const pacer = createRatePacer({ now, maxWaitMs: options.maxRateLimitWaitMs ?? 120_000, log: options.log });
  // Every answer, a retried one included, passes its rate-limit headers to the pacer.
  const observedFetch: typeof fetch = async (input, init) => {
    const response = await baseFetch(input, init);
    pacer.observe(response.headers);
    return response;
  };
  const http = createVendorHttp({
    vendor: 'gitbook',
    baseUrl: `${options.apiUrl.replace(/\/+$/, '')}/v1`,
    log: options.log,
    headers: () => ({ authorization: `Bearer ${options.token}` }),
    // GitBook's 429 has no Retry-After; its X-RateLimit-Reset is in UTC epoch seconds
    // (https://gitbook.com/docs/developers/gitbook-api/rate-limiting).
    rateLimitReset: 'epoch-seconds',
    now,
    fetch: observedFetch,
    ...(options.backoff ? { backoff: options.backoff } : {}),
  });
  const site = new URL(options.siteUrl);
  const pageSize = options.siteSpacesPageSize ?? 100;

  const call = async <T>(request: VendorCall<T>, signal: AbortSignal): Promise<T> => {
    await pacer.ready(signal);
    try {
      return await http.request({ ...request, signal });
    } catch (error) {
      if (error instanceof VendorError && (error.status === 401 || error.status === 403)) {
        options.log.error(
          { vendor: 'gitbook', status: error.status, setting: TOKEN_SETTING },
          error.status === 401
            ? `GitBook refused ${TOKEN_SETTING} (401): it is missing, revoked or mistyped`
            : `GitBook refused ${TOKEN_SETTING} (403): its user cannot read the site or its spaces`,
        );
        // The portal's source is failing, not its caller: UNAVAILABLE, with the setting to fix in the message.
        throw new ServiceError('UNAVAILABLE', `GitBook refused ${TOKEN_SETTING} (${error.status})`, {
          cause: error,
        });
      }
      throw error;
    }
  };

  const listSiteSpaces = async (signal: AbortSignal): Promise<GitbookSiteSpace[]> => {
    const all: GitbookSiteSpace[] = [];
    let page: string | undefined;
    do {
      const answer = await call(
        {
          path: `/orgs/${encodeURIComponent(options.organizationId)}/sites/${encodeURIComponent(options.siteId)}/site-spaces`,
          query: { limit: pageSize, page },
          schema: siteSpacesPageSchema,
        },
        signal,
      );
      all.push(...answer.items);
      page = answer.next?.page;
    } while (page !== undefined);
    return all;
  };

  const fetchMarkdown = async (spaceId: string, pageId: string, signal: AbortSignal) => {
    try {
      return await call(
        {
          path: `/spaces/${encodeURIComponent(spaceId)}/content/page/${encodeURIComponent(pageId)}`,
          query: { format: 'markdown' },
          schema: markdownPageSchema,
        },
        signal,
      );
    } catch (error) {
      // Deleted between the listing and now: not published any more, so left out of this complete pass.
      if (error instanceof VendorError && error.status === 404) return undefined;
      throw error;
    }
  };

  return {
    source: 'docs',
    vendor: 'gitbook',
    async pass(request: FeedPassRequest): Promise<FeedPass<FeedDocsPage>> {
      const { signal } = request;
      const previous = readCursor(request.cursor, options.log);
      const current: CursorPages = {};
      const items: FeedDocsPage[] = [];
      const unchanged: string[] = [];

      for (const siteSpace of await listSiteSpaces(signal)) {
        // A draft site-space is not live; one with a condition is shown only to some visitors.
        if (siteSpace.draft === true || siteSpace.condition !== undefined) continue;
        const tree = await call(
          { path: `/spaces/${encodeURIComponent(siteSpace.space.id)}/content/pages`, schema: pageTreeSchema },
          signal,
        );
        for (const page of publishedPages(tree.pages)) {
          signal.throwIfAborted();
          // Page ids are unique within a space; a space linked twice is published twice, at two paths.
          const externalId = `${siteSpace.id}:${page.id}`;
          const path = joinPath(site.pathname, siteSpace.path, page.path);
          const stamp = page.updatedAt ?? '';
          const stored = previous[externalId];
          if (stored && stored.updatedAt === stamp && stored.path === path) {
            unchanged.push(externalId);
            current[externalId] = stored;
            continue;
          }
          const body = await fetchMarkdown(siteSpace.space.id, page.id, signal);
          if (!body) continue;
          const updatedAt = body.updatedAt ?? page.updatedAt ?? siteSpace.space.updatedAt;
          items.push({
            externalId,
            title: body.title,
            markdown: body.markdown,
            domain: site.host,
            path,
            updatedAt: updatedAt === undefined ? new Date(now()) : new Date(updatedAt),
          });
          current[externalId] = { updatedAt: body.updatedAt ?? stamp, path };
        }
      }
      return {
        items,
        unchanged,
        removed: [],
        complete: true,
        cursor: JSON.stringify({ v: 1, pages: current } satisfies z.infer<typeof cursorSchema>),
      };
    },
  };
}
