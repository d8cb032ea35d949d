import { z } from 'zod';

/**
 * `GET /api/aggregator/latestKB` (spec section 7): the home page's latest Knowledge Base card and its
 * "most popular" list. The `zendesk` key is part of the wire format the spec fixes, whatever help desk
 * actually serves the articles.
 */

/** How many articles the latest list holds, newest `updated_at` first. */
export const LATEST_KB_COUNT = 6;
/** How many links the most popular list holds, highest view count first. */
export const MOST_POPULAR_KB_COUNT = 5;

export const latestKbArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  html_url: z.string(),
  /** Plain text, cut at 200 characters on a word boundary (see `cutSnippet`). */
  snippet: z.string(),
  /** ISO 8601 timestamp. */
  updated_at: z.string(),
});
export type LatestKbArticle = z.infer<typeof latestKbArticleSchema>;

export const popularKbLinkSchema = z.object({
  name: z.string(),
  link: z.string(),
});
export type PopularKbLink = z.infer<typeof popularKbLinkSchema>;

export const latestKbResponseSchema = z.object({
  zendesk: z.object({ articles: z.array(latestKbArticleSchema).max(LATEST_KB_COUNT) }),
  mostPopular: z.array(popularKbLinkSchema).max(MOST_POPULAR_KB_COUNT),
});
export type LatestKbResponse = z.infer<typeof latestKbResponseSchema>;
