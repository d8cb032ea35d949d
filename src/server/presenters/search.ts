import {
  SIGN_IN_TO_READ,
  type ArticleDetails,
  type ArticleResponse,
  type CategoryOverview,
  type SearchGroups,
  type SearchResponse,
  SOURCE_KEYS,
  type SourceKey,
} from '../../common/contracts/search.js';
import { cutSnippet, SNIPPET_LENGTH } from '../../common/snippet.js';
import {
  type ArticlePage,
  type ArticleSummary,
  type CategoryOverview as KbCategoryOverview,
  type CategoryTree,
  type KbArticle,
} from '../connectors/knowledge-base/types.js';
import type { FederatedResult } from '../services/search/federated-search.js';
import type { KbHit, SourceHits, SourcePage } from '../services/search/types.js';

/** Maps search hits to the wire groups of spec section 3. */

export function presentKbGroup(page: SourcePage<KbHit>): SearchGroups['zendesk'] {
  return {
    count: page.count,
    results: page.hits.map((hit) => ({
      id: hit.id,
      title: hit.title,
      html_url: hit.htmlUrl,
      user_segment_id: hit.userSegmentId,
      section_id: hit.sectionId,
      section: hit.section,
      updated_at: hit.updatedAt.toISOString(),
      snippet: hit.snippet,
    })),
  };
}

export const groupPresenters: {
  [K in SourceKey]: (page: SourcePage<SourceHits[K]>) => SearchGroups[K];
} = {
  zendesk: presentKbGroup,
  git: (page) => ({
    count: page.count,
    results: page.hits.map((hit) => ({
      id: hit.id,
      title: hit.title,
      domain: hit.domain,
      path: hit.path,
      blocks: [{ content: hit.snippet }],
      updated_at: hit.updatedAt.toISOString(),
    })),
  }),
  forumbee: (page) => ({
    paging: { count: page.count },
    data: page.hits.map((hit) => ({
      id: hit.id,
      title: hit.title,
      url: hit.url,
      text: hit.snippet,
      created_at: hit.createdAt.toISOString(),
    })),
  }),
  zendeskRequests: (page) => ({
    count: page.count,
    requests: page.hits.map((hit) => ({
      id: hit.id,
      subject: hit.subject,
      description: hit.snippet,
      status: hit.status,
      url: hit.url,
    })),
  }),
  zendeskTickets: (page) => ({
    count: page.count,
    results: page.hits.map((hit) => ({
      id: hit.id,
      subject: hit.subject,
      description: hit.snippet,
      status: hit.status,
      url: hit.url,
    })),
  }),
  jiraIssues: (page) => ({
    total: page.count,
    issues: page.hits.map((hit) => ({
      id: hit.id,
      key: hit.key,
      fields: { summary: hit.summary, description: hit.snippet, status: hit.status },
    })),
  }),
};

function presentGroup<K extends SourceKey>(key: K, page: SourcePage<SourceHits[K]>): SearchGroups[K] {
  return groupPresenters[key](page);
}

export function presentSearch(result: FederatedResult): SearchResponse {
  const response: SearchResponse = { status: result.status };
  const groups = result.groups;
  if (groups.zendesk) response.zendesk = presentGroup('zendesk', groups.zendesk);
  if (groups.git) response.git = presentGroup('git', groups.git);
  if (groups.forumbee) response.forumbee = presentGroup('forumbee', groups.forumbee);
  if (groups.zendeskRequests) {
    response.zendeskRequests = presentGroup('zendeskRequests', groups.zendeskRequests);
  }
  if (groups.zendeskTickets) response.zendeskTickets = presentGroup('zendeskTickets', groups.zendeskTickets);
  if (groups.jiraIssues) response.jiraIssues = presentGroup('jiraIssues', groups.jiraIssues);
  if (result.didYouMean !== undefined) response.didYouMean = result.didYouMean;
  return { ...response, ...presentFallbacks(result) };
}

/**
 * The fallbacks each group took, and at the top level each one every group with results shares, so that a
 * page can say it once. A group without results took none: its source found nothing either way.
 */
function presentFallbacks(
  result: FederatedResult,
): Pick<SearchResponse, 'fallbacks' | 'showingResultsFor' | 'partial'> {
  const taken = SOURCE_KEYS.flatMap((key) => {
    const fallback = result.fallbacks[key];
    return fallback ? [[key, fallback] as const] : [];
  });
  if (taken.length === 0) return {};
  const withResults = SOURCE_KEYS.filter((key) => (result.counts[key] ?? 0) > 0).map(
    (key) => result.fallbacks[key] ?? {},
  );
  const corrected = withResults[0]?.showingResultsFor;
  return {
    fallbacks: Object.fromEntries(taken),
    ...(corrected !== undefined && withResults.every((group) => group.showingResultsFor === corrected)
      ? { showingResultsFor: corrected }
      : {}),
    ...(withResults.every((group) => group.partial) ? { partial: true } : {}),
  };
}

const isLocked = (article: Pick<KbArticle, 'userSegmentId'>, mayReadProtected: boolean) =>
  article.userSegmentId !== null && !mayReadProtected;

export function presentArticleDetails(tree: CategoryTree, mayReadProtected: boolean): ArticleDetails {
  return {
    category: { id: tree.category.id, name: tree.category.name, slug: tree.category.slug },
    section: {
      sections: tree.sections.map((section) => ({ id: section.id, name: section.name, slug: section.slug })),
    },
    articleMap: Object.fromEntries(
      tree.sections.map((section) => [
        String(section.id),
        section.articles.map((article) => {
          const locked = isLocked(article, mayReadProtected);
          return {
            id: article.id,
            title: article.title,
            body: locked ? '' : article.body,
            section_id: section.id,
            snippet: locked ? SIGN_IN_TO_READ : cutSnippet(article.bodyText, SNIPPET_LENGTH),
            html_url: article.htmlUrl,
            user_segment_id: article.userSegmentId,
            updated_at: article.updatedAt.toISOString(),
          };
        }),
      ]),
    ),
  };
}

export function presentArticle(page: ArticlePage, mayReadProtected: boolean): ArticleResponse {
  const { article } = page;
  return {
    article: {
      id: article.id,
      slug: article.slug,
      title: article.title,
      body: isLocked(article, mayReadProtected) ? null : article.body,
      section_id: article.sectionId,
      section: article.section,
      html_url: article.htmlUrl,
      user_segment_id: article.userSegmentId,
      updated_at: article.updatedAt.toISOString(),
      section_slug: page.sectionSlug,
      related: page.related.map((related) => ({
        id: related.id,
        title: related.title,
        html_url: related.htmlUrl,
      })),
    },
  };
}

function presentSummary(article: ArticleSummary): CategoryOverview['mostViewed'][number] {
  return {
    id: article.id,
    title: article.title,
    html_url: article.htmlUrl,
    user_segment_id: article.userSegmentId,
    section: article.section.name,
    section_slug: article.section.slug,
    updated_at: article.updatedAt.toISOString(),
  };
}

/** The home of a category: titles and dates only, so one answer serves visitors and members alike. */
export function presentCategoryOverview(overview: KbCategoryOverview): CategoryOverview {
  return {
    category: { id: overview.category.id, name: overview.category.name, slug: overview.category.slug },
    sections: overview.sections.map((section) => ({
      id: section.id,
      name: section.name,
      slug: section.slug,
      articleCount: section.articleCount,
    })),
    mostViewed: overview.mostViewed.map(presentSummary),
    recentlyUpdated: overview.recentlyUpdated.map(presentSummary),
  };
}
