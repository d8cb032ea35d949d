import type { FastifyInstance } from 'fastify';
import {
  analyticsQuerySchema,
  articleParamsSchema,
  categoryQuerySchema,
  categorySearchQuerySchema,
  pagedSearchQuerySchema,
  searchAnalyticsSchema,
  searchBodySchema,
  searchQuerySchema,
  sourceKeySchema,
  type SearchAnalytics,
} from '../../common/contracts/search.js';
import type { SsrData } from '../../common/contracts/ssr.js';
import { chatClientSettingsSchema } from '../../common/contracts/chat.js';
import { contentSyncListSchema, type ContentSyncList } from '../../common/contracts/content-sync.js';
import { latestKbResponseSchema } from '../../common/contracts/latest-kb.js';
import { keptJson } from '../lib/kept-responses.js';
import {
  noticeChangeListSchema,
  noticeIdQuerySchema,
  noticeItemSchema,
  noticeListSchema,
  seenByListSchema,
  type NoticeChangeList,
  type NoticeItem,
  type NoticeList,
  type SeenByList,
} from '../../common/contracts/notices.js';
import {
  collectionFilesSchema,
  downloadRecordsQuerySchema,
  downloadRecordsSchema,
  type CollectionFiles,
  type DownloadRecords,
  type DownloadRecordsQuery,
} from '../../common/contracts/downloads.js';
import { categoryOverviewSchema } from '../../common/contracts/search.js';
import {
  assigneesSchema,
  listTicketsQuerySchema,
  ticketDetailsSchema,
  ticketIdParamsSchema,
  ticketListSchema,
  ticketOrganisationsSchema,
  type Assignees,
  type ListTicketsQuery,
  type RequesterProfile,
  type TicketDetails,
  type TicketList,
  type TicketOrganisations,
} from '../../common/contracts/tickets.js';
import { presentArticle, presentArticleDetails } from '../presenters/search.js';
import type { CategoryTree } from '../connectors/knowledge-base/types.js';
import { articlePage, categoryTree, findCategory } from '../services/knowledge/articles.js';
import type { Searcher } from '../services/search/types.js';

/** Whether `key` (an article's id or slug, as `/docs?article=` takes either) names `article`. */
function isArticle(article: { id: number; slug: string }, key: string): boolean {
  return key === String(article.id) || key === article.slug;
}

/** Whose render it is: the searcher and role the API would see for the same request, and what they may read. */
export interface PageViewer {
  searcher: Searcher;
  role: string;
  readsProtected: boolean;
  /** A ticket this viewer may see, else null (a visitor sees none). */
  ticket?: (id: number) => Promise<TicketDetails | null>;
  /** Ticket Creation's profile of this viewer, when they may open tickets, else null. */
  requesterProfile?: () => Promise<RequesterProfile | null>;
  /** The tickets this viewer's `GET /api/tickets` answers (absent: a visitor, who has none). */
  ticketList?: (query: ListTicketsQuery) => Promise<TicketList>;
  /** The active notices as this viewer's `GET api/noticesModule/notice` answers them (absent: a visitor). */
  notices?: () => Promise<NoticeList>;
  /** A notice as this viewer's `notice-id` call answers it, else null (absent: a visitor). */
  notice?: (id: string) => Promise<NoticeItem | null>;
  /** A notice's change history, when this viewer may read it, else null. */
  noticeChanges?: (id: string) => Promise<NoticeChangeList | null>;
  /** Who read a notice, when this viewer may know it, else null. */
  noticeReaders?: (id: string) => Promise<SeenByList | null>;
  /** The search analytics of a period, when this viewer may read them, else null. */
  searchAnalytics?: (query: {
    from?: string | undefined;
    to?: string | undefined;
  }) => Promise<SearchAnalytics | null>;
  /** The vendor feeds' sync status, when this viewer may see it, else null. */
  contentSync?: () => Promise<ContentSyncList | null>;
  /** The Postman collections, when this viewer may download, else null. */
  apiFiles?: () => Promise<CollectionFiles | null>;
  /** A page of the download records, when this viewer may read them, else null. */
  downloadRecords?: (query: DownloadRecordsQuery) => Promise<DownloadRecords | null>;
  /** Whom a ticket can be assigned to, when this viewer is staff, else null. */
  assignees?: () => Promise<Assignees | null>;
  /** The organisations the queue filters by, when this viewer is staff, else null. */
  ticketOrganisations?: () => Promise<TicketOrganisations | null>;
}

/** A visitor without a session: the render every anonymous request shares (see SsrData). */
export const VISITOR: PageViewer = {
  searcher: { actor: null, userId: null, email: null },
  role: 'anonymous',
  readsProtected: false,
};

/**
 * The data loaders of the server render (src/common/contracts/ssr.ts): the API's own services, in process, as
 * `viewer` would get them from the API. Each checks its input with the schema of the matching API call, so a
 * page address can ask no more of them than a request to the API could; a refusal (a zod error) leaves the
 * call to the browser.
 */
export function createPageData(app: FastifyInstance, viewer: PageViewer): SsrData {
  return {
    // The API's kept answer, so a signed-in visitor's render of the home page asks the database nothing.
    latestKb: async () => latestKbResponseSchema.parse(keptJson(await app.knowledge.latestKb())),

    async search({ query, filter, exact }) {
      const { searchValue } = searchQuerySchema.parse({ searchValue: query });
      const body = searchBodySchema.parse({ filter, exact });
      return app.searches.federated(viewer.searcher, {
        role: viewer.role,
        query: searchValue,
        exact: body?.exact ?? false,
        ...(body?.filter ? { filter: body.filter } : {}),
      });
    },

    async searchPage({ source, query, page, exact }) {
      const key = sourceKeySchema.parse(source);
      const input = pagedSearchQuerySchema.parse({
        searchValue: query,
        page,
        exact: exact ? 'true' : undefined,
      });
      return app.searches.page(viewer.searcher, key, {
        query: input.searchValue,
        page: input.page,
        exact: input.exact === 'true',
      });
    },

    // The viewer's view, without the articles' bodies and snippets: the page uses the titles (the sidebar)
    // and fetches the article it shows on its own, while every body in the page's dehydrated state made /docs
    // a 290 KB document, and the snippets still took a third of its Brotli size (21.7 KB, then 14.9 KB). An
    // article's page lists its own section only: the other sections' titles, hidden in the HTML and again in
    // the state, were a third of what was left (the demo article's page went from 14.4 to 9.8 KB).
    async articleDetails({ categoryId, lists }) {
      const input = categoryQuerySchema.parse({ categoryId });
      const category = await findCategory(app.knowledge.options, input.categoryId);
      const tree = await categoryTree(app.knowledge.options, category);
      const details = presentArticleDetails(tree, viewer.readsProtected);
      const isListed = (section: CategoryTree['sections'][number]) =>
        lists === 'all' ||
        (lists !== 'none' &&
          ('section' in lists
            ? section.slug === lists.section
            : section.articles.some((article) => isArticle(article, lists.sectionOf))));
      const articleMap = Object.fromEntries(
        tree.sections.filter(isListed).map((section) => {
          const articles = details.articleMap[String(section.id)] ?? [];
          return [String(section.id), articles.map((article) => ({ ...article, body: '', snippet: '' }))];
        }),
      );
      return { ...details, articleMap };
    },

    async article({ id }) {
      const input = articleParamsSchema.parse({ id });
      return presentArticle(await articlePage(app.knowledge.options, input.id), viewer.readsProtected);
    },

    async categoryOverview({ categoryId }) {
      const input = categoryQuerySchema.parse({ categoryId });
      const answer = await app.knowledge.categoryOverview(input.categoryId);
      // A missing category is the API's 404; the page then leaves the call to the browser, which shows it.
      if (answer.status !== 200) throw new Error(`category overview answered ${answer.status}`);
      return categoryOverviewSchema.parse(keptJson(answer));
    },

    async ticket({ id }) {
      const input = ticketIdParamsSchema.safeParse({ id });
      if (!input.success || !viewer.ticket) return null;
      const details = await viewer.ticket(Number(input.data.id));
      return details ? ticketDetailsSchema.parse(details) : null;
    },

    requesterProfile: async () => (viewer.requesterProfile ? viewer.requesterProfile() : null),

    async notices() {
      return viewer.notices ? noticeListSchema.parse(await viewer.notices()) : null;
    },

    // The signed-in pages' own data, each through the input and response schemas of its API call.
    async notice({ id }) {
      const input = noticeIdQuerySchema.safeParse({ id });
      if (!input.success || !viewer.notice) return null;
      const item = await viewer.notice(input.data.id);
      return item ? noticeItemSchema.parse(item) : null;
    },

    async noticeChanges({ id }) {
      const input = noticeIdQuerySchema.safeParse({ id });
      if (!input.success || !viewer.noticeChanges) return null;
      const changes = await viewer.noticeChanges(input.data.id);
      return changes ? noticeChangeListSchema.parse(changes) : null;
    },

    async noticeReaders({ id }) {
      const input = noticeIdQuerySchema.safeParse({ id });
      if (!input.success || !viewer.noticeReaders) return null;
      const readers = await viewer.noticeReaders(input.data.id);
      return readers ? seenByListSchema.parse(readers) : null;
    },

    async searchAnalytics(query) {
      if (!viewer.searchAnalytics) return null;
      const analytics = await viewer.searchAnalytics(analyticsQuerySchema.parse(query));
      return analytics ? searchAnalyticsSchema.parse(analytics) : null;
    },

    async contentSync() {
      const status = viewer.contentSync ? await viewer.contentSync() : null;
      return status ? contentSyncListSchema.parse(status) : null;
    },

    async apiFiles() {
      const files = viewer.apiFiles ? await viewer.apiFiles() : null;
      return files ? collectionFilesSchema.parse(files) : null;
    },

    chatSettings: async () => chatClientSettingsSchema.parse(app.connectors.chat.clientSettings()),

    async downloadRecords({ query }) {
      if (!viewer.downloadRecords) return null;
      const records = await viewer.downloadRecords(downloadRecordsQuerySchema.parse(query));
      return records ? downloadRecordsSchema.parse(records) : null;
    },

    async assignees() {
      const assignees = viewer.assignees ? await viewer.assignees() : null;
      return assignees ? assigneesSchema.parse(assignees) : null;
    },

    async ticketOrganisations() {
      const organisations = viewer.ticketOrganisations ? await viewer.ticketOrganisations() : null;
      return organisations ? ticketOrganisationsSchema.parse(organisations) : null;
    },

    async ticketList({ query }) {
      if (!viewer.ticketList) return null;
      // Through the API's own schemas: the same query checks, and the same fields the API would send.
      return ticketListSchema.parse(await viewer.ticketList(listTicketsQuerySchema.parse(query)));
    },

    async searchCategory({ categoryId, query }) {
      const input = categorySearchQuerySchema.parse({ categoryId, searchValue: query, page: 1 });
      return app.searches.category(viewer.searcher, {
        categoryId: input.categoryId,
        query: input.searchValue,
        page: input.page,
      });
    },
  };
}
