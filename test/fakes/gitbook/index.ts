import type { ServerResponse } from 'node:http';
import type { List, RevisionPage, RevisionPageDocument, SiteSpace } from '@gitbook/api';
import {
  createClock,
  sendJson,
  startFakeServer,
  type FakeClock,
  type FakeRequest,
  type FakeServer,
} from '../harness';
import {
  fixtureBodies,
  fixtureSiteSpaces,
  fixtureTrees,
  GITBOOK_FAKE_ORG,
  GITBOOK_FAKE_SITE,
  GITBOOK_FAKE_SITE_URL,
  GITBOOK_FAKE_TOKEN,
} from './fixtures';
import { createRateWindow, type RateLimit } from './rate-window';

/**
 * A fake GitBook API for the docs feed's tests and the vendor browser profile: a `node:http` server on
 * 127.0.0.1 answering the three read operations the feed uses, from the fixtures of fixtures.ts, in the shapes
 * of `@gitbook/api`'s generated types (each answer `satisfies` its type).
 *
 *   const gitbook = await startGitbookFake();          // port 0; gitbook.url is http://127.0.0.1:<port>
 *   GITBOOK_API_URL = gitbook.url, GITBOOK_API_TOKEN = gitbook.token,
 *   GITBOOK_ORGANIZATION_ID = gitbook.organizationId, GITBOOK_SITE_ID = gitbook.siteId,
 *   GITBOOK_SITE_URL = gitbook.siteUrl
 *
 * Operations (GitBook's OpenAPI description, `@gitbook/api@0.202.0` spec/openapi.json, server `{host}/v1`):
 *   listSiteSpaces GET /v1/orgs/{org}/sites/{siteId}/site-spaces[?page][&limit]
 *                  → List & {items: SiteSpace[]}; `next: {page}` while more remain; `limit` 0..1000
 *                  (https://gitbook.com/docs/developers/gitbook-api/api-reference/docs-sites/site-spaces)
 *   listPages      GET /v1/spaces/{spaceId}/content/pages → {pages: RevisionPage[]}, the whole tree
 *   getPageById    GET /v1/spaces/{spaceId}/content/page/{pageId}[?format=markdown] → the page, with
 *                  `markdown` when asked for it
 *                  (https://gitbook.com/docs/developers/gitbook-api/api-reference/spaces/space-content/get-a-single-page-from-a-space-by-its-id)
 * Anything else answers 404. Errors are the spec's `Error` schema, `{"error":{"code":…,"message":…}}`.
 *
 * Authentication: `Authorization: Bearer <token>`, a personal access token
 * (https://gitbook.com/docs/developers/gitbook-api/authentication); missing or wrong → 401.
 *
 * Rate limiting (https://gitbook.com/docs/developers/gitbook-api/rate-limiting): every answer carries
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (UTC epoch seconds) from a fixed
 * window on the fake's clock that starts at its first request; past the limit the answer is the documented 429
 * body, without `Retry-After`. Not documented: GitBook's window length and whether refused calls count (here
 * every call counts, as the headers of the documented 429 suggest).
 *
 * Test controls, besides the harness's `failNext`, `hangNext`, `malformedNext`, `clock` and `log`:
 *   gitbook.setRateLimit({limit, windowMs})   a new window of that size and length, starting at the next call
 *   gitbook.editPage(pageId, {markdown, updatedAt?})   a new body and `updatedAt` (now on the fake's clock)
 *   gitbook.editSiteSpace(id, {path?, draft?})  moves a site-space to another path, or makes it a draft
 *   gitbook.bodyFetches(pageId)               how many times the page's body was answered (200)
 * Each log entry's `outcome` holds `operation` (the spec's operationId), `auth` (`ok`, `missing`, `wrong`),
 * `page` for getPageById, and `error` (the status) when one was answered.
 */

export interface GitbookFakeOptions {
  port?: number;
  clock?: FakeClock;
  /** 60 calls a minute unless set (the documented example's `X-RateLimit-Limit: 60`). */
  rateLimit?: RateLimit;
}

export interface PageEdit {
  markdown: string;
  /** ISO time; the fake's now unless given. */
  updatedAt?: string;
}

export interface GitbookFake extends FakeServer {
  token: string;
  organizationId: string;
  siteId: string;
  /** The published site's address the fixtures assume (never returned by the API). */
  siteUrl: string;
  setRateLimit(limit: RateLimit): void;
  editPage(pageId: string, edit: PageEdit): void;
  editSiteSpace(id: string, edit: Partial<Pick<SiteSpace, 'path' | 'draft'>>): void;
  bodyFetches(pageId: string): number;
}

const DEFAULT_RATE_LIMIT: RateLimit = { limit: 60, windowMs: 60_000 };
/** Not documented: the page size when `limit` is absent. */
const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = 1000;

type ErrorBody = { error: { code: number; message: string } };

function sendError(res: ServerResponse, code: number, message: string): void {
  sendJson(res, code, { error: { code, message } } satisfies ErrorBody);
}

function findPage(pages: RevisionPage[], pageId: string): RevisionPage | undefined {
  for (const page of pages) {
    if (page.id === pageId) return page;
    if ('pages' in page) {
      const found = findPage(page.pages, pageId);
      if (found) return found;
    }
  }
  return undefined;
}

/** The page token: opaque to clients, the offset of the next item here. */
const pageToken = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
function offsetOf(token: string | null): number | undefined {
  if (token === null) return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

export async function startGitbookFake(options: GitbookFakeOptions = {}): Promise<GitbookFake> {
  const clock = options.clock ?? createClock();
  const siteSpaces = fixtureSiteSpaces();
  const trees = fixtureTrees();
  const bodies = fixtureBodies();
  const fetches = new Map<string, number>();
  const window = createRateWindow(options.rateLimit ?? DEFAULT_RATE_LIMIT, () => clock.now());

  const listSiteSpaces = (request: FakeRequest, res: ServerResponse, org: string, site: string) => {
    if (org !== GITBOOK_FAKE_ORG || site !== GITBOOK_FAKE_SITE) return sendError(res, 404, 'Site not found');
    const offset = offsetOf(request.query.get('page'));
    const limitText = request.query.get('limit');
    const limit = limitText === null ? DEFAULT_LIST_LIMIT : Number(limitText);
    if (offset === undefined) return sendError(res, 400, 'Invalid page token');
    if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIST_LIMIT) {
      return sendError(res, 400, `limit must be an integer between 0 and ${MAX_LIST_LIMIT}`);
    }
    const items = siteSpaces.slice(offset, offset + limit);
    const end = offset + items.length;
    const body = {
      items,
      count: siteSpaces.length,
      ...(end < siteSpaces.length && limit > 0 ? { next: { page: pageToken(end) } } : {}),
    } satisfies List & { items: SiteSpace[] };
    sendJson(res, 200, body);
  };

  const listPages = (res: ServerResponse, spaceId: string) => {
    const pages = trees.get(spaceId);
    if (!pages) return sendError(res, 404, 'Space not found');
    sendJson(res, 200, { pages } satisfies { pages: RevisionPage[] });
  };

  const getPageById = (request: FakeRequest, res: ServerResponse, spaceId: string, pageId: string) => {
    request.entry.outcome.page = pageId;
    const tree = trees.get(spaceId);
    const page = tree ? findPage(tree, pageId) : undefined;
    if (!page) return sendError(res, 404, 'Page not found');
    const format = request.query.get('format') ?? 'document';
    if (format !== 'document' && format !== 'markdown') return sendError(res, 400, 'Invalid format');
    fetches.set(pageId, (fetches.get(pageId) ?? 0) + 1);
    if (page.type !== 'document') return sendJson(res, 200, page satisfies RevisionPage);
    // The listing's tree stays out of a single page's answer, as GitBook answers a page without its children.
    const { pages: _children, ...single } = page;
    const answer =
      format === 'markdown'
        ? ({ ...single, pages: [], markdown: bodies.get(pageId) ?? '' } satisfies RevisionPageDocument)
        : ({
            ...single,
            pages: [],
            document: { object: 'document', data: {}, nodes: [] },
          } satisfies RevisionPageDocument);
    sendJson(res, 200, answer);
  };

  const fake = await startFakeServer({
    port: options.port,
    clock,
    loggedHeaders: ['authorization'],
    malformed: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"items":' },
    handle: (request, res) => {
      const state = window.take();
      res.setHeader('x-ratelimit-limit', String(state.limit));
      res.setHeader('x-ratelimit-remaining', String(state.remaining));
      res.setHeader('x-ratelimit-reset', String(state.resetEpochSeconds));
      if (state.exceeded) {
        request.entry.outcome.error = '429';
        return sendError(res, 429, 'API rate limit exceeded. Please try again in 60 seconds');
      }

      const authorization = request.headers.authorization;
      const auth =
        authorization === undefined
          ? 'missing'
          : authorization === `Bearer ${GITBOOK_FAKE_TOKEN}`
            ? 'ok'
            : 'wrong';
      request.entry.outcome.auth = auth;
      if (auth !== 'ok') {
        request.entry.outcome.error = '401';
        return sendError(res, 401, 'You must be authenticated to access this resource');
      }
      if (request.method !== 'GET') return sendError(res, 404, 'Not found');

      const segments = request.rawPath.split('/').map(decodeURIComponent);
      // ['', 'v1', 'orgs', org, 'sites', site, 'site-spaces']
      if (
        segments.length === 7 &&
        segments[1] === 'v1' &&
        segments[2] === 'orgs' &&
        segments[4] === 'sites'
      ) {
        if (segments[6] === 'site-spaces') {
          request.entry.outcome.operation = 'listSiteSpaces';
          return listSiteSpaces(request, res, segments[3] ?? '', segments[5] ?? '');
        }
      }
      // ['', 'v1', 'spaces', spaceId, 'content', 'pages' | 'page', pageId?]
      if (segments[1] === 'v1' && segments[2] === 'spaces' && segments[4] === 'content') {
        if (segments.length === 6 && segments[5] === 'pages') {
          request.entry.outcome.operation = 'listPages';
          return listPages(res, segments[3] ?? '');
        }
        if (segments.length === 7 && segments[5] === 'page') {
          request.entry.outcome.operation = 'getPageById';
          return getPageById(request, res, segments[3] ?? '', segments[6] ?? '');
        }
      }
      request.entry.outcome.error = '404';
      return sendError(res, 404, 'Not found');
    },
  });

  return {
    ...fake,
    token: GITBOOK_FAKE_TOKEN,
    organizationId: GITBOOK_FAKE_ORG,
    siteId: GITBOOK_FAKE_SITE,
    siteUrl: GITBOOK_FAKE_SITE_URL,
    setRateLimit: (limit) => window.reset(limit),
    editPage: (pageId, edit) => {
      const page = [...trees.values()].map((tree) => findPage(tree, pageId)).find((found) => found);
      if (!page || page.type !== 'document') throw new Error(`no document page ${pageId} in the fixtures`);
      page.updatedAt = edit.updatedAt ?? new Date(clock.now()).toISOString();
      bodies.set(pageId, edit.markdown);
    },
    editSiteSpace: (id, edit) => {
      const siteSpace = siteSpaces.find((candidate) => candidate.id === id);
      if (!siteSpace) throw new Error(`no site-space ${id} in the fixtures`);
      Object.assign(siteSpace, edit);
    },
    bodyFetches: (pageId) => fetches.get(pageId) ?? 0,
  };
}
