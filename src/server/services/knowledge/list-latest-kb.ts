import type { KbArticleSummary } from '../../connectors/knowledge-base/types.js';
import { ServiceError } from '../../lib/errors.js';
import type { KnowledgeOptions } from './articles.js';

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

/**
 * The home page's knowledge base card: newest articles and most read ones. Ties are broken by id so the
 * order is stable between requests (and between instances) when timestamps or counts are equal.
 */
export async function listLatestKb(
  { knowledgeBase }: KnowledgeOptions,
  limits: LatestKbLimits,
): Promise<LatestKb> {
  checkLimit('latestLimit', limits.latestLimit);
  checkLimit('popularLimit', limits.popularLimit);
  return knowledgeBase.latest(limits);
}
