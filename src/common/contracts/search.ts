import { z } from 'zod';
import {
  MAX_SUGGESTIONS,
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_SIZE,
  SOURCE_KEYS,
  SUGGESTION_SOURCES,
  type SourceKey,
} from '../search-sources.js';
import { deflectionReportSchema } from './deflection.js';
import { storableText } from './text.js';

/**
 * Federated search (spec sections 3, 7 and 9). The group keys and field names are the wire format the spec
 * fixes (`zendesk`, `git`, `forumbee`, ...), whatever system actually answers behind each source.
 *
 *   POST /api/aggregator/search | customerSearch | agentSearch ?searchValue=   body {filter?: SourceKey[]}
 *        -> SearchResponse: one group per source the user may see and asked for, `status` per source, the
 *           `fallbacks` groups took and, when nothing matched anywhere, `didYouMean`. customerSearch and
 *           agentSearch need a session (401 with event 'logout' otherwise); all three decide the sources from
 *           the session, not the path.
 *   GET  /api/zendesk/searchPagedKb | /api/git/searchGit | /api/forumbee/searchPageCommunity |
 *        /api/zendesk/searchPagedTickets | /api/jira/searchPagedIssue | /api/zendesk/searchPagedRequests
 *        ?searchValue=&page=   -> that source's group alone (same shape and fallback as in SearchResponse); 401
 *        anonymous, 403 signed in without the right role, 503 when the source timed out or its breaker is open.
 *   GET  /api/zendesk/getArticleDetails?categoryId=   (id or slug, e.g. `tech-hub`) -> ArticleDetails
 *   GET  /api/zendesk/searchArticlesByCategory?searchValue=&categoryId=&page= -> {articles: {results, count}}
 *   GET  /api/zendesk/articles/:id   (id or slug) -> {article}
 *   GET  /api/zendesk/categoryOverview?categoryId=   -> CategoryOverview (sections with counts, most viewed,
 *        recently updated; the portal's own)
 *   POST /api/zendesk/articles/:id/views   -> 204: an article was read (counted in batches; the portal's own)
 *   POST /api/zendesk/articles/:id/votes {helpful}   -> {helpful}: "Was this article helpful?" (the portal's own)
 *   GET  /api/admin/search-analytics?from=&to=   (admin) -> SearchAnalytics
 *
 * Highlighting: every snippet field (KB `snippet`, docs `blocks[0].content`, community `text`, request and
 * ticket `description`, Jira `fields.description`) is HTML whose only element is `<mark>` around matched
 * words; everything else in it is escaped. Render it as HTML (it is safe), or strip the tags for plain text.
 * Snippets are cut on a word boundary with an ellipsis at 200 visible characters (150 for Jira).
 */

export * from '../search-sources.js';

export const sourceKeySchema = z.enum(SOURCE_KEYS);

/**
 * How a group's source answered: 'reauthorize' when the searcher's grant at the source is missing or dead (the
 * ticketing system's, which each agent authorizes at /jiraAuth), so only they can mend it.
 */
const sourceStatusSchema = z.enum(['ok', 'timeout', 'error', 'reauthorize']);
export type SourceStatus = z.infer<typeof sourceStatusSchema>;

/** The search words: trimmed, 1 to 200 characters. */
const searchValueSchema = storableText().trim().min(1, 'must not be empty').max(200);
const pageSchema = z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1);

export const searchQuerySchema = z.object({ searchValue: searchValueSchema });
/** `exact=true`: the words as typed, no corrected spelling ('Search instead for'). */
const exactSchema = z.enum(['true', 'false']).optional();
export const pagedSearchQuerySchema = z.object({
  searchValue: searchValueSchema,
  page: pageSchema,
  exact: exactSchema,
});
/** Empty or missing filter: every source the user may see. A source they may not see is ignored. */
export const searchBodySchema = z
  .object({
    filter: z
      .array(sourceKeySchema)
      .max(SOURCE_KEYS.length * 2)
      .optional(),
    /** The words as typed: no corrected spelling ('Search instead for'). */
    exact: z.boolean().optional(),
  })
  .optional();

const count = z.number().int().min(0);

const kbResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  html_url: z.string(),
  /** Non-null: the article needs sign-in (the page shows a lock icon). */
  user_segment_id: z.number().int().nullable(),
  section_id: z.number().int().nullable(),
  /** The name of the article's section ('' when it has none), shown beside the result. */
  section: z.string(),
  /** ISO 8601: when the article was last updated. */
  updated_at: z.string(),
  /** Highlighted snippet, or {@link SIGN_IN_TO_READ} for a protected article and a visitor. */
  snippet: z.string(),
});

const docsResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  domain: z.string(),
  path: z.string(),
  /** One block: the highlighted passage of the page that matched best. */
  blocks: z.array(z.object({ content: z.string() })).min(1),
  /** ISO 8601: when the page was last updated. */
  updated_at: z.string(),
});

const communityResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  text: z.string(),
  /** ISO 8601: when the post was written. */
  created_at: z.string(),
});

const ticketResultSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  description: z.string(),
  status: z.string(),
  url: z.string(),
});

const jiraIssueSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  fields: z.object({ summary: z.string(), description: z.string(), status: z.string() }),
});

const kbGroupSchema = z.object({ results: z.array(kbResultSchema), count });
const docsGroupSchema = z.object({ results: z.array(docsResultSchema), count });
export const communityGroupSchema = z.object({
  data: z.array(communityResultSchema),
  paging: z.object({ count }),
});
const requestsGroupSchema = z.object({ requests: z.array(ticketResultSchema), count });
const ticketsGroupSchema = z.object({ results: z.array(ticketResultSchema), count });
const jiraGroupSchema = z.object({ issues: z.array(jiraIssueSchema), total: count });

export const searchGroupSchemas = {
  zendesk: kbGroupSchema,
  git: docsGroupSchema,
  forumbee: communityGroupSchema,
  zendeskRequests: requestsGroupSchema,
  zendeskTickets: ticketsGroupSchema,
  jiraIssues: jiraGroupSchema,
} as const;
export type SearchGroups = { [K in SourceKey]: z.infer<(typeof searchGroupSchemas)[K]> };

/**
 * The ticket or tracker issue a query of its number or key alone names (`32`, `#32`, `NET-1008`), when the
 * searcher may see it: the search page goes to it. `url` is the portal's page of it (tickets); an issue has
 * none in the portal and is shown first in its group instead.
 */
const searchJumpSchema = z.object({
  source: sourceKeySchema,
  id: z.number().int(),
  /** `#32 Subject` or `NET-1008 Summary`. */
  label: z.string(),
  url: z.string().optional(),
});
export type SearchJump = z.infer<typeof searchJumpSchema>;

/** How a group's results were found when its source found little with every word as typed. */
const groupFallbackSchema = z
  .object({
    /** The words as typed found little there and this corrected spelling found more: its results. */
    showingResultsFor: z.string().optional(),
    /** Few items had every word: the group holds items that match enough of the query's meaningful words. */
    partial: z.boolean().optional(),
  })
  .strict();
export type GroupFallback = z.infer<typeof groupFallbackSchema>;

export const searchResponseSchema = z
  .object({
    zendesk: kbGroupSchema.optional(),
    git: docsGroupSchema.optional(),
    forumbee: communityGroupSchema.optional(),
    zendeskRequests: requestsGroupSchema.optional(),
    zendeskTickets: ticketsGroupSchema.optional(),
    jiraIssues: jiraGroupSchema.optional(),
    /** One entry per group present. A group whose source failed is present, empty, with its status. */
    status: z.partialRecord(sourceKeySchema, sourceStatusSchema),
    /** When nothing matched, even spelled so: a spelling of the words that the titles use (trigrams). */
    didYouMean: z.string().optional(),
    /**
     * Per group whose source found little with the words as typed and more with a fallback: which one. Each
     * source takes its own (a source that finds enough as typed takes none), and a later page of a source
     * (`page=2`) takes the same as its group here. Absent when no group took one.
     */
    fallbacks: z.partialRecord(sourceKeySchema, groupFallbackSchema).optional(),
    /**
     * Every group with results holds the results of this corrected spelling ('Showing results for X. Search
     * instead for Y'). When only some do, `fallbacks` says which.
     */
    showingResultsFor: z.string().optional(),
    /** Every group with results holds the partial match (when only some do, `fallbacks` says which). */
    partial: z.boolean().optional(),
    jump: searchJumpSchema.optional(),
  })
  .strict();
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** The titles the search boxes suggest as the user types: the best few of the public sources. */
export const suggestionsResponseSchema = z.object({
  suggestions: z
    .array(z.object({ source: z.enum(SUGGESTION_SOURCES), title: z.string(), url: z.string() }))
    .max(MAX_SUGGESTIONS),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;

export const categoryQuerySchema = z.object({
  categoryId: z
    .string()
    .trim()
    .regex(/^([0-9]{1,9}|[a-z0-9][a-z0-9-]{0,99})$/, 'must be an id or a slug'),
});
export const categorySearchQuerySchema = categoryQuerySchema.extend({
  searchValue: searchValueSchema,
  page: pageSchema,
});

const sectionArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML of the article; empty for a protected article and a visitor. */
  body: z.string(),
  section_id: z.number().int(),
  /** Plain text, 200 characters (or {@link SIGN_IN_TO_READ}). */
  snippet: z.string(),
  html_url: z.string(),
  user_segment_id: z.number().int().nullable(),
  /** ISO 8601: when the article was last updated. */
  updated_at: z.string(),
});

/** A section of a category: `slug` is what `/docs?section=` names it by. */
const sectionSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const articleDetailsSchema = z.object({
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  section: z.object({ sections: z.array(sectionSchema) }),
  /** Keyed by section id (as a string, JSON keys being strings). */
  articleMap: z.record(z.string(), z.array(sectionArticleSchema)),
});
export type ArticleDetails = z.infer<typeof articleDetailsSchema>;

export const categorySearchResponseSchema = z.object({ articles: kbGroupSchema });
export type CategorySearchResponse = z.infer<typeof categorySearchResponseSchema>;

export const articleParamsSchema = z.object({
  id: z.string().regex(/^([0-9]{1,9}|[a-z0-9][a-z0-9-]{0,199})$/, 'must be an id or a slug'),
});
export const articleResponseSchema = z.object({
  article: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    /** HTML; null when the article needs sign-in and nobody is signed in. */
    body: z.string().nullable(),
    section_id: z.number().int().nullable(),
    section: z.string(),
    html_url: z.string(),
    user_segment_id: z.number().int().nullable(),
    updated_at: z.string(),
    /** The section's slug (`/docs?section=`), null when the article has no section. */
    section_slug: z.string().nullable(),
    /** Other articles of its section, the most read first: "Related articles". */
    related: z.array(z.object({ id: z.number().int(), title: z.string(), html_url: z.string() })),
  }),
});
export type ArticleResponse = z.infer<typeof articleResponseSchema>;

/**
 * The period analytics can cover. No search is older than the portal or later than this century: a date
 * outside is a typo (a year of 9999 or 0020), refused in words rather than read as a period nobody meant.
 */
export const ANALYTICS_FIRST_DAY = '2000-01-01';
export const ANALYTICS_LAST_DAY = '2100-12-31';

/** An article as the Tech Hub's home lists it: most viewed, recently updated. */
const articleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  html_url: z.string(),
  /** Non-null: the article needs sign-in (a lock beside it). */
  user_segment_id: z.number().int().nullable(),
  section: z.string(),
  section_slug: z.string(),
  /** ISO 8601. */
  updated_at: z.string(),
});

/** How many articles each list of the Tech Hub's home holds. */
export const OVERVIEW_LIST_LENGTH = 5;

/**
 * `GET /api/zendesk/categoryOverview?categoryId=`: the home of a category (the Tech Hub's landing): its
 * sections with their article counts, its most viewed and its most recently updated articles.
 */
export const categoryOverviewSchema = z.object({
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  sections: z.array(sectionSchema.extend({ articleCount: count })),
  mostViewed: z.array(articleSummarySchema).max(OVERVIEW_LIST_LENGTH),
  recentlyUpdated: z.array(articleSummarySchema).max(OVERVIEW_LIST_LENGTH),
});
export type CategoryOverview = z.infer<typeof categoryOverviewSchema>;

/** `POST /api/zendesk/articles/:id/votes {helpful}`: "Was this article helpful?". */
export const articleVoteBodySchema = z.object({ helpful: z.boolean() }).strict();
export type ArticleVoteBody = z.infer<typeof articleVoteBodySchema>;
/** The vote now on file for this voter (a second vote replaces the first). */
export const articleVoteResponseSchema = z.object({ helpful: z.boolean() });

const isoDate = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .refine((value) => {
    const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    return (
      time >= Date.parse(ANALYTICS_FIRST_DAY) && time < Date.parse(`${ANALYTICS_LAST_DAY}T23:59:59.999Z`)
    );
  }, `must be between ${ANALYTICS_FIRST_DAY} and ${ANALYTICS_LAST_DAY}`);
export const analyticsQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });
const queryCount = z.object({ query: z.string(), count });
export const searchAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  topQueries: z.array(queryCount),
  zeroResultQueries: z.array(queryCount),
  /** Misspelt queries and the spelling whose results they were shown (in one source or more). */
  correctedQueries: z.array(queryCount.extend({ correctedTo: z.string() })),
  /** Queries that few items matched with every word: a source or more showed the partial match. */
  partialQueries: z.array(queryCount),
  clickThrough: z.object({
    searches: count,
    clicks: count,
    topResults: z.array(
      z.object({ url: z.string(), source: z.string(), clicks: count, averageRank: z.number() }),
    ),
  }),
  /** "Was this article helpful?": the votes on file, cast or last changed in the period, per article. */
  articleVotes: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      html_url: z.string(),
      helpful: count,
      notHelpful: count,
    }),
  ),
  /** Ticket forms that suggested articles while the customer wrote, and how many were abandoned after one was opened. */
  deflection: deflectionReportSchema,
});

/** `POST /api/aggregator/searchClick`: a click on a search result, with its 1-based rank in its source. */
export const searchClickBodySchema = z.object({
  query: searchValueSchema,
  source: sourceKeySchema,
  rank: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_MAX_PAGE * SEARCH_PAGE_SIZE),
  url: storableText().trim().min(1).max(2000),
});
export type SearchClick = z.infer<typeof searchClickBodySchema>;
export type SearchAnalytics = z.infer<typeof searchAnalyticsSchema>;
