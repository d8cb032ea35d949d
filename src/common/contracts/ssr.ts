import type { PortalConfig } from '../portal-config.js';
import type { SessionUser } from './auth.js';
import type { ChatClientSettings } from './chat.js';
import type { ContentSyncList } from './content-sync.js';
import type { LatestKbResponse } from './latest-kb.js';
import type {
  ArticleDetails,
  ArticleResponse,
  CategoryOverview,
  CategorySearchResponse,
  SearchAnalytics,
  SearchGroups,
  SearchResponse,
  SourceKey,
} from './search.js';
import type { NoticeChangeList, NoticeItem, NoticeList, SeenByList } from './notices.js';
import type { CollectionFiles, DownloadRecords } from './downloads.js';
import type {
  Assignees,
  RequesterProfile,
  TicketDetails,
  TicketList,
  TicketOrganisations,
} from './tickets.js';

/**
 * The contract between the server and the web app's server-side rendering bundle
 * (`src/web/entry-server.tsx`, built to `dist/server/entry-server.js`). The server imports the bundle once
 * and calls `render` for every page request that is not an API call or a static file.
 */

/**
 * Which sections of the /docs sidebar a server render lists the articles of: every one, none, the section of
 * an article (its id or slug), or a section (its slug, `/docs?section=`).
 */
export type SidebarLists = 'all' | 'none' | { sectionOf: string } | { section: string };

/**
 * Data the page may need while rendering; each loader runs in-process, without an HTTP round trip, and checks
 * its input as the matching API route does (a refusal rejects; the page then leaves the call to the browser).
 *
 * The loaders answer as the API answers the request's visitor: public results in a render without a session
 * (kept and shared), the user's own (My Requests, Tickets, protected articles) in a signed-in user's render.
 */
export interface SsrData {
  latestKb(): Promise<LatestKbResponse>;
  /** `POST /api/aggregator/search` as the visitor's session asks it: `filter` empty means every source. */
  search(input: { query: string; filter: SourceKey[]; exact?: boolean }): Promise<SearchResponse>;
  /** One page of one source's results, as the paged search calls answer it (spec section 7). */
  searchPage(input: {
    source: SourceKey;
    query: string;
    page: number;
    exact?: boolean;
  }): Promise<SearchGroups[SourceKey]>;
  /** `GET /api/zendesk/searchArticlesByCategory`: the search of one knowledge-base category (the Tech Hub). */
  searchCategory(input: { categoryId: string; query: string }): Promise<CategorySearchResponse>;
  /**
   * `GET /api/zendesk/getArticleDetails`: the sections and titles of a category (the /docs sidebar), with
   * every `body` empty: the page fetches the article it shows through `article`. `lists` says whose titles
   * the page holds: every section's (the Tech Hub's home, where crawlers find every article), only the
   * section of the article shown, or none (a search); `articleMap` has no key for a section left out, and
   * the sidebar fetches the whole answer when one of those is opened.
   */
  articleDetails(input: { categoryId: string; lists: SidebarLists }): Promise<ArticleDetails>;
  /** `GET /api/zendesk/articles/:id`: one article; a protected one has its body only for a signed-in reader. */
  article(input: { id: string }): Promise<ArticleResponse>;
  /** `GET /api/zendesk/categoryOverview`: sections with counts, most viewed and recent articles. */
  categoryOverview(input: { categoryId: string }): Promise<CategoryOverview>;
  /**
   * `GET /api/tickets/:id`: a ticket the visitor may see, with its comments (the page, and its title, in the
   * first HTML); null for a visitor, or a ticket that does not exist or is not theirs.
   */
  ticket(input: { id: string }): Promise<TicketDetails | null>;
  /**
   * `GET /api/tickets/requester`: what Ticket Creation shows beside each priority, for a customer's render (so
   * the form is in the first HTML, not a loading line that grows into it); null for anyone else.
   */
  requesterProfile(): Promise<RequesterProfile | null>;
  /**
   * `GET /api/tickets` with `query` (its query parameters): My Requests or the queue, for a signed-in render,
   * so the list is in the first HTML instead of a loading line; null for a visitor.
   */
  ticketList(input: { query: Record<string, string> }): Promise<TicketList | null>;
  /**
   * `GET api/noticesModule/notice`: the active notices with the viewer's own reads, for the header's bell of a
   * signed-in render (its unread count is in the first HTML, and the browser loads no notice checks to show
   * it); null for a visitor.
   */
  notices(): Promise<NoticeList | null>;
  /**
   * `GET api/noticesModule/notice-id?id=`: one notice as the viewer's call answers it, for its details page;
   * null for a visitor, or a notice the viewer may not see.
   */
  notice(input: { id: string }): Promise<NoticeItem | null>;
  /** `GET api/noticesModule/notice-changes?id=`: a notice's change history, for an admin's render; else null. */
  noticeChanges(input: { id: string }): Promise<NoticeChangeList | null>;
  /** `GET api/noticesModule/seen-by-users?id=`: who read a notice, for an admin's render; else null. */
  noticeReaders(input: { id: string }): Promise<SeenByList | null>;
  /** `GET /api/admin/search-analytics?from=&to=`: a period's analytics, for an admin's render; else null. */
  searchAnalytics(input: { from?: string; to?: string }): Promise<SearchAnalytics | null>;
  /** `GET /api/admin/content-sync`: the vendor feeds' sync status, for an admin's render; else null. */
  contentSync(): Promise<ContentSyncList | null>;
  /** `POST /api/downloads/list-api-files`: the Postman collections, for a render of a user who may download. */
  apiFiles(): Promise<CollectionFiles | null>;
  /** `GET /api/downloads/records` with `query` (its query parameters): a page of records, for an admin's render. */
  downloadRecords(input: { query: Record<string, string> }): Promise<DownloadRecords | null>;
  /** `GET /api/tickets/assignees`: whom a ticket can be assigned to, for a staff member's render; else null. */
  assignees(): Promise<Assignees | null>;
  /** `GET /api/tickets/organisations`: the queue's organisations, for a staff member's render; else null. */
  ticketOrganisations(): Promise<TicketOrganisations | null>;
  /** `GET /api/chat/settings`: which chat /chatbot shows (public settings, the same for everyone). */
  chatSettings(): Promise<ChatClientSettings>;
}

export interface SsrInput {
  /** Path plus search string of the request, e.g. `/docs?article=upgrade-controller`. */
  url: string;
  config: PortalConfig;
  data: SsrData;
  /**
   * The signed-in visitor the page is rendered for (their header, menus and data), or null: a render for
   * anyone without a session, which the server keeps and shares.
   */
  user: SessionUser | null;
}

export interface SsrResult {
  /** HTTP status of the page: 200, or 404 for the No Page page. */
  status: number;
  /** Markup for `<head>` (title, meta, preload links); replaces `<!--ssr-head-->`. */
  head: string;
  /** The rendered app; replaces `<!--ssr-html-->` inside the root element. */
  html: string;
  /**
   * Dehydrated state as JSON, already escaped for a `<script type="application/json">` element (no raw `<`);
   * replaces `<!--ssr-state-->`.
   */
  state: string;
  /**
   * Source files of the route modules the page was rendered with (e.g. `src/web/routes/search.tsx`). The page's
   * start script adds a `<link rel="modulepreload">` for their built chunks (server/ssr/start-after-paint.ts),
   * so they load next to the entry and hydration starts as soon as the entry runs, not one round trip later.
   */
  modules?: string[];
}

type SsrRender = (input: SsrInput) => Promise<SsrResult>;

/** The shape of the built module `dist/server/entry-server.js`. */
export interface SsrModule {
  render: SsrRender;
}

/** Placeholders of the template `dist/client/index.html`. */
export const SSR_PLACEHOLDERS = {
  head: '<!--ssr-head-->',
  html: '<!--ssr-html-->',
  state: '<!--ssr-state-->',
} as const;

/** `id` of the `<script type="application/json">` element that carries the state. */
export const SSR_STATE_ELEMENT_ID = 'portal-state';

/**
 * `id` of the page's `<link rel="preload">` of `/portal-config/<hash>.json`, the config the web app starts
 * from. The config is the same for every page until a restart, so it is sent once as a file the browser keeps,
 * not again in every page's state (it was a third of a Brotli-compressed page).
 */
export const PORTAL_CONFIG_LINK_ID = 'portal-config';
