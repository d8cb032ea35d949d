import { desc } from 'drizzle-orm';
import { kbArticles } from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';
import type { KnowledgeOptions } from './articles.js';

/** An article as the knowledge area hands it out: the fields a listing needs, never the raw row. */
export interface KbArticleSummary {
  id: number;
  slug: string;
  title: string;
  /** The body as plain text; presenters cut the snippet from it. */
  bodyText: string;
  /** Non-null: the article needs sign-in, so its text is not shown on the public home page. */
  userSegmentId: number | null;
  htmlUrl: string;
  viewCount: number;
  updatedAt: Date;
}

export interface LatestKbLimits {
  /** How many of the most recently updated articles to return. */
  latestLimit: number;
  /** How many of the most viewed articles to return. */
  popularLimit: number;
}

export interface LatestKb {
  latest: KbArticleSummary[];
  mostPopular: KbArticleSummary[];
}

const MAX_LIMIT = 50;

function checkLimit(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_LIMIT) {
    throw new ServiceError('INVALID_INPUT', `${name} must be an integer from 0 to ${MAX_LIMIT}`);
  }
}

const summaryColumns = {
  id: kbArticles.id,
  slug: kbArticles.slug,
  title: kbArticles.title,
  bodyText: kbArticles.bodyText,
  userSegmentId: kbArticles.userSegmentId,
  htmlUrl: kbArticles.htmlUrl,
  viewCount: kbArticles.viewCount,
  updatedAt: kbArticles.updatedAt,
};

/**
 * The home page's knowledge base card: newest articles and most read ones. Ties are broken by id so the
 * order is stable between requests (and between instances) when timestamps or counts are equal.
 */
export async function listLatestKb({ db }: KnowledgeOptions, limits: LatestKbLimits): Promise<LatestKb> {
  checkLimit('latestLimit', limits.latestLimit);
  checkLimit('popularLimit', limits.popularLimit);
  const [latest, mostPopular] = await Promise.all([
    db
      .select(summaryColumns)
      .from(kbArticles)
      .orderBy(desc(kbArticles.updatedAt), desc(kbArticles.id))
      .limit(limits.latestLimit),
    db
      .select(summaryColumns)
      .from(kbArticles)
      .orderBy(desc(kbArticles.viewCount), desc(kbArticles.id))
      .limit(limits.popularLimit),
  ]);
  return { latest, mostPopular };
}
