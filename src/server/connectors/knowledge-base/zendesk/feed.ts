/**
 * Zendesk Help Center as the knowledge base's feed: what the portal may show of a Help Center (articles for
 * everyone, and articles for any signed-in user), read with the portal's own OAuth token.
 *
 * - A complete pass (the first one, or `full`) lists the user segments, categories, sections and articles of the
 *   locale by cursor, 100 at a time, to the end; its cursor is the time it started (epoch seconds).
 * - A changes pass reads the incremental article export from that cursor, following `next_page` to the end; its
 *   cursor is the last `end_time`, as Zendesk advises: "use the end time of the previous export as the start time
 *   for the next export"
 *   (https://developer.zendesk.com/documentation/help_center/help-center-api/understanding-incremental-article-exports/).
 *   The export reports no deletions, so only a complete pass removes a deleted article; the sync asks for one
 *   now and then.
 *
 * Who may read an article decides whether the portal shows it: no user segment is public; a plain "signed-in
 * users" segment is `signedInOnly`; any narrower segment (organisations, groups, tags, chosen users, staff) is
 * never handed over, or a customer could read another company's article, and on a changes pass its id is
 * `removed`, as is a draft's.
 */
import type { z } from 'zod';
import type { ContentFeed, FeedArticle, FeedPass, FeedPassRequest, FeedSection } from '../../content-feed.js';
import {
  createVendorHttp,
  VendorContractError,
  type BackoffPolicy,
  type VendorHttp,
  type VendorLog,
} from '../../vendor-http.js';
import { createZendeskServiceToken, type ZendeskServiceToken } from '../../zendesk/service-token.js';
import {
  articlesPageSchema,
  categoriesPageSchema,
  incrementalArticlesSchema,
  sectionsPageSchema,
  userSegmentsPageSchema,
  type ZendeskArticleAnswer,
  type ZendeskCategoryAnswer,
  type ZendeskSectionAnswer,
  type ZendeskUserSegmentAnswer,
} from './schemas.js';

/**
 * The scope the feed's token asks for: read access to the Help Center only. Zendesk scopes are `read`, `write`
 * or `<resource>:read|write`, `hc` being the Help Center's resource; a token with a scope Zendesk does not know is
 * still issued, and every call made with it is refused "Forbidden"
 * (https://developer.zendesk.com/api-reference/ticketing/oauth/oauth_tokens/, "Scopes").
 */
export const ZENDESK_HELP_CENTER_SCOPE = 'hc:read';

/** Cursor pages hold at most 100 (https://developer.zendesk.com/api-reference/introduction/pagination/). */
const PAGE_SIZE = 100;
/** A list or export longer than this many pages is taken for a vendor loop, not a Help Center. */
const MAX_PAGES = 1000;
/** How long one call may take, its retries and their waits (a 429's `Retry-After`) included. */
const DEFAULT_CALL_DEADLINE_MS = 60_000;

export interface ZendeskKnowledgeBaseFeedOptions {
  /** The Zendesk account (`ZENDESK_URL`, `https://acme.zendesk.com`). */
  baseUrl: string;
  /** The confidential OAuth client's Unique Identifier and secret (`ZENDESK_CLIENT_ID`, `ZENDESK_CLIENT_SECRET`). */
  clientId: string;
  clientSecret: string;
  /** The Help Center locale read (`ZENDESK_LOCALE`, `en-us`). */
  locale: string;
  log: VendorLog;
  now?: () => number;
  fetch?: typeof fetch;
  random?: () => number;
  backoff?: BackoffPolicy;
  /** Longest one call may take with its retries (default 60 s). */
  callDeadlineMs?: number;
  /** A service token shared with the other Zendesk adapters; else the feed makes its own. */
  serviceToken?: ZendeskServiceToken;
}

type Access = 'public' | 'signed-in' | 'hidden';

/**
 * A segment every signed-in user is in: `user_type` `signed_in_users` and nothing narrowing it
 * (https://developer.zendesk.com/api-reference/help_center/help-center-api/user_segments/: `group_ids`,
 * `organization_ids`, `tags`, `or_tags`, `added_user_ids`).
 */
function isPlainSignedIn(segment: ZendeskUserSegmentAnswer): boolean {
  return (
    segment.user_type === 'signed_in_users' &&
    segment.group_ids.length === 0 &&
    segment.organization_ids.length === 0 &&
    segment.tags.length === 0 &&
    segment.or_tags.length === 0 &&
    segment.added_user_ids.length === 0
  );
}

/**
 * Who may read an article. `user_segment_id` null is everyone; on Enterprise plans `user_segment_ids` lets
 * readers of any of its segments in (the user segments page above), so one plain signed-in segment among them
 * opens it to every signed-in user. A segment the feed did not list is treated as narrow.
 */
export function accessOf(
  article: ZendeskArticleAnswer,
  segments: ReadonlyMap<number, ZendeskUserSegmentAnswer>,
): Access {
  if (article.draft) return 'hidden';
  const ids = [...(article.user_segment_ids ?? [])];
  if (article.user_segment_id !== null) ids.push(article.user_segment_id);
  if (ids.length === 0) return 'public';
  return ids.some((id) => {
    const segment = segments.get(id);
    return segment !== undefined && isPlainSignedIn(segment);
  })
    ? 'signed-in'
    : 'hidden';
}

interface Structure {
  segments: Map<number, ZendeskUserSegmentAnswer>;
  sections: Map<number, ZendeskSectionAnswer>;
  categories: Map<number, ZendeskCategoryAnswer>;
}

export function createZendeskKnowledgeBaseFeed(
  options: ZendeskKnowledgeBaseFeedOptions,
): ContentFeed<FeedArticle> {
  const now = options.now ?? Date.now;
  const callDeadlineMs = options.callDeadlineMs ?? DEFAULT_CALL_DEADLINE_MS;
  const token =
    options.serviceToken ??
    createZendeskServiceToken({
      baseUrl: options.baseUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      scope: ZENDESK_HELP_CENTER_SCOPE,
      log: options.log,
      now,
      fetch: options.fetch,
    });
  const http: VendorHttp = createVendorHttp({
    vendor: 'zendesk',
    baseUrl: options.baseUrl,
    log: options.log,
    headers: () => token.headers(),
    refresh: () => token.refresh(),
    now,
    fetch: options.fetch,
    random: options.random,
    backoff: options.backoff,
  });
  const locale = encodeURIComponent(options.locale);

  const broken = (path: string, field: string, code: string) =>
    new VendorContractError({ vendor: 'zendesk', method: 'GET', path }, [{ path: field, code }]);

  /** Every item of a cursor-paged list: `page[size]=100`, then `page[after]` while `meta.has_more`. */
  const listAll = async <Page extends { meta: { has_more: boolean; after_cursor: string | null } }, Item>(
    path: string,
    schema: z.ZodType<Page>,
    itemsOf: (page: Page) => Item[],
    signal: AbortSignal,
  ): Promise<Item[]> => {
    const all: Item[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const page = await http.request({
        path,
        query: { 'page[size]': PAGE_SIZE, 'page[after]': after },
        schema,
        signal,
        deadline: now() + callDeadlineMs,
      });
      all.push(...itemsOf(page));
      if (!page.meta.has_more) return all;
      const next = page.meta.after_cursor;
      if (next === null || next === '' || next === after)
        throw broken(path, 'meta.after_cursor', 'no_next_cursor');
      after = next;
    }
    throw broken(path, 'meta.has_more', 'too_many_pages');
  };

  const readStructure = async (signal: AbortSignal): Promise<Structure> => {
    const segments = await listAll(
      '/api/v2/help_center/user_segments.json',
      userSegmentsPageSchema,
      (page) => page.user_segments,
      signal,
    );
    const categories = await listAll(
      `/api/v2/help_center/${locale}/categories.json`,
      categoriesPageSchema,
      (page) => page.categories,
      signal,
    );
    const sections = await listAll(
      `/api/v2/help_center/${locale}/sections.json`,
      sectionsPageSchema,
      (page) => page.sections,
      signal,
    );
    return {
      segments: new Map(segments.map((segment) => [segment.id, segment])),
      categories: new Map(categories.map((category) => [category.id, category])),
      sections: new Map(sections.map((section) => [section.id, section])),
    };
  };

  const sectionOf = (sectionId: number | null, structure: Structure): FeedSection | null => {
    const section = sectionId === null ? undefined : structure.sections.get(sectionId);
    if (!section) return null;
    const category = structure.categories.get(section.category_id);
    return {
      externalId: String(section.id),
      name: section.name,
      category: { externalId: String(section.category_id), name: category?.name ?? '' },
    };
  };

  const feedArticle = (article: ZendeskArticleAnswer, access: Access, structure: Structure): FeedArticle => ({
    externalId: String(article.id),
    title: article.title,
    html: article.body ?? '',
    signedInOnly: access === 'signed-in',
    htmlUrl: article.html_url,
    section: sectionOf(article.section_id, structure),
    createdAt: new Date(article.created_at),
    updatedAt: new Date(article.updated_at),
  });

  const completePass = async (signal: AbortSignal): Promise<FeedPass<FeedArticle>> => {
    const startedAt = Math.floor(now() / 1000);
    const structure = await readStructure(signal);
    const articles = await listAll(
      `/api/v2/help_center/${locale}/articles.json`,
      articlesPageSchema,
      (page) => page.articles,
      signal,
    );
    const items: FeedArticle[] = [];
    for (const article of articles) {
      const access = accessOf(article, structure.segments);
      if (access !== 'hidden') items.push(feedArticle(article, access, structure));
    }
    options.log.info(
      { vendor: 'zendesk', complete: true, listed: articles.length, items: items.length },
      'Zendesk Help Center read in full',
    );
    // Started before the first list, so a change made while it ran is read again by the next changes pass.
    return { items, unchanged: [], removed: [], complete: true, cursor: String(startedAt) };
  };

  const changesPass = async (startTime: number, signal: AbortSignal): Promise<FeedPass<FeedArticle>> => {
    const path = '/api/v2/help_center/incremental/articles';
    const changed = new Map<number, ZendeskArticleAnswer>();
    let start = startTime;
    let cursor = startTime;
    for (let pages = 0; ; pages++) {
      if (pages >= MAX_PAGES) throw broken(path, 'next_page', 'too_many_pages');
      const page = await http.request({
        path,
        query: { start_time: start },
        schema: incrementalArticlesSchema,
        signal,
        deadline: now() + callDeadlineMs,
      });
      // Oldest change first: a later page's copy of an article is the newer one.
      for (const article of page.articles) changed.set(article.id, article);
      if (page.end_time !== null) cursor = Math.max(cursor, page.end_time);
      if (page.next_page === null) break;
      // `next_page` "specifies a new start time" (the page cited above); it is read here and asked of the
      // configured host, never followed to wherever the URL points.
      const next = Number(new URL(page.next_page).searchParams.get('start_time') ?? Number.NaN);
      if (!Number.isInteger(next)) throw broken(path, 'next_page', 'no_start_time');
      // A page of articles all changed in the same second would be asked for again and again.
      if (next <= start) throw broken(path, 'next_page', 'start_time_not_advancing');
      start = next;
    }
    const items: FeedArticle[] = [];
    const removed: string[] = [];
    // Not documented: whether the export lists every locale's translations; only the configured one is read.
    const wanted = options.locale.toLowerCase();
    const inLocale = [...changed.values()].filter((article) => article.locale.toLowerCase() === wanted);
    if (inLocale.length > 0) {
      const structure = await readStructure(signal);
      for (const article of inLocale) {
        const access = accessOf(article, structure.segments);
        if (access === 'hidden') removed.push(String(article.id));
        else items.push(feedArticle(article, access, structure));
      }
    }
    options.log.info(
      {
        vendor: 'zendesk',
        complete: false,
        changed: changed.size,
        items: items.length,
        removed: removed.length,
      },
      'Zendesk Help Center changes read',
    );
    return { items, unchanged: [], removed, complete: false, cursor: String(cursor) };
  };

  return {
    source: 'kb',
    vendor: 'zendesk',
    pass: (request: FeedPassRequest) => {
      const startTime =
        request.cursor !== undefined && /^\d+$/.test(request.cursor) ? Number(request.cursor) : undefined;
      return request.full || startTime === undefined
        ? completePass(request.signal)
        : changesPass(startTime, request.signal);
    },
  };
}
