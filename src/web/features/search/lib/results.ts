import type {
  GroupFallback,
  SearchGroups,
  SearchResponse,
  SourceStatus,
} from '../../../../common/contracts/search';
import { docsPageUrl, SOURCE_KEYS, type SourceKey } from '../../../../common/search-sources';

/** One result as the list shows it, whatever its source. */
export interface ResultItem {
  id: string;
  title: string;
  /** Where the title links; none for Jira issues. */
  href?: string;
  /** A protected Knowledge Base article (lock icon). */
  locked: boolean;
  /** Ticket or request status. */
  status?: string;
  /** Where the item sits in its source (a knowledge-base section, a documentation area), if it says. */
  section?: string;
  /** When it was last updated (or, for a post, written): ISO 8601. */
  date?: { label: 'Updated' | 'Posted'; iso: string };
  /** Snippet HTML whose only element is `<mark>`. */
  snippet: string;
}

/** A documentation page's area, from the first step of its path (`/controller/...` -> 'Controller'). */
export function docsSectionOf(pagePath: string): string | undefined {
  const first = pagePath.split('/').find((part) => part !== '');
  if (!first) return undefined;
  const words = first.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : undefined;
}

function groupCount(group: SearchGroups[SourceKey]): number {
  if ('paging' in group) return group.paging.count;
  if ('total' in group) return group.total;
  return group.count;
}

export function groupItems(key: SourceKey, group: SearchGroups[SourceKey]): ResultItem[] {
  if ('data' in group)
    return group.data.map((post) => ({
      id: `${key}-${post.id}`,
      title: post.title,
      href: post.url,
      locked: false,
      date: { label: 'Posted', iso: post.created_at },
      snippet: post.text,
    }));
  if ('issues' in group)
    return group.issues.map((issue) => ({
      id: `${key}-${issue.id}`,
      title: `${issue.key} ${issue.fields.summary}`,
      locked: false,
      status: issue.fields.status,
      snippet: issue.fields.description,
    }));
  if ('requests' in group)
    return group.requests.map((request) => ({
      id: `${key}-${request.id}`,
      title: request.subject,
      href: request.url,
      locked: false,
      status: request.status,
      snippet: request.description,
    }));
  return group.results.map((result) => {
    if ('blocks' in result)
      return {
        id: `${key}-${result.id}`,
        title: result.title,
        href: docsPageUrl(result.domain, result.path),
        locked: false,
        ...withSection(docsSectionOf(result.path)),
        date: { label: 'Updated', iso: result.updated_at },
        snippet: result.blocks[0]?.content ?? '',
      };
    if ('subject' in result)
      return {
        id: `${key}-${result.id}`,
        title: result.subject,
        href: result.url,
        locked: false,
        status: result.status,
        snippet: result.description,
      };
    return {
      id: `${key}-${result.id}`,
      title: result.title,
      href: result.html_url,
      locked: result.user_segment_id !== null,
      ...withSection(result.section),
      date: { label: 'Updated', iso: result.updated_at },
      snippet: result.snippet,
    };
  });
}

const withSection = (section: string | undefined): { section?: string } => (section ? { section } : {});

export interface SourceSummary {
  key: SourceKey;
  count: number;
  status: SourceStatus;
}

/** The groups present in an answer, in the canonical source order, with their counts. */
export function summarize(response: SearchResponse): SourceSummary[] {
  const summaries: SourceSummary[] = [];
  for (const key of SOURCE_KEYS) {
    const group = response[key];
    if (!group) continue;
    summaries.push({ key, count: groupCount(group), status: response.status[key] ?? 'ok' });
  }
  return summaries;
}

/**
 * What the result page shows: the chip the URL names, else the first source with results, else the first;
 * and its page from the URL, or page 1 when it has no results.
 */
export function shownResults(
  summaries: SourceSummary[],
  state: { chip: SourceKey | null; page: number },
): { active: SourceSummary | undefined; page: number } {
  const active =
    summaries.find((summary) => summary.key === state.chip) ??
    summaries.find((summary) => summary.count > 0) ??
    summaries[0];
  return { active, page: active && active.count > 0 ? state.page : 1 };
}

/**
 * The fallback a group took that the answer does not already say for every group with results (its top-level
 * `showingResultsFor` and `partial`): what the page says about that group alone.
 */
export function ownFallback(response: SearchResponse, key: SourceKey): GroupFallback {
  const taken = response.fallbacks?.[key] ?? {};
  return {
    ...(taken.showingResultsFor !== undefined && response.showingResultsFor === undefined
      ? { showingResultsFor: taken.showingResultsFor }
      : {}),
    ...(taken.partial && !response.partial ? { partial: true } : {}),
  };
}
