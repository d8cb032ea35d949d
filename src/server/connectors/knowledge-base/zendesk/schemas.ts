/**
 * Zendesk Help Center answers, as the knowledge-base feed reads them: only the fields it uses are required;
 * Zendesk's other fields pass through unread.
 */
import { z } from 'zod';

/**
 * Zendesk ids are JSON integers (12-13 digits in practice, below 2^53, so a JSON number still holds them
 * exactly); the feed hands them over as text.
 */
const zendeskId = z.number().int().nonnegative();

/** Zendesk writes times as ISO 8601 in UTC (`2021-03-31T21:04:42Z`). */
const isoTime = z.iso.datetime({ offset: true });

/**
 * Cursor paging (https://developer.zendesk.com/api-reference/introduction/pagination/): `meta.has_more`,
 * `meta.after_cursor`, `meta.before_cursor`; `links.next` and `links.prev`. The feed follows `has_more` and
 * `after_cursor` and never offset pages.
 */
const cursorMeta = z.object({
  has_more: z.boolean(),
  after_cursor: z.string().nullable(),
  before_cursor: z.string().nullable().optional(),
});

/** https://developer.zendesk.com/api-reference/help_center/help-center-api/categories/ */
export const categorySchema = z.object({ id: zendeskId, name: z.string() });

/** https://developer.zendesk.com/api-reference/help_center/help-center-api/sections/ */
export const sectionSchema = z.object({ id: zendeskId, name: z.string(), category_id: zendeskId });

/**
 * https://developer.zendesk.com/api-reference/help_center/help-center-api/articles/: `body` "HTML body of the
 * article" (null for an empty one: not documented, read as empty), `draft`, `html_url`, `section_id`,
 * `user_segment_id` (null: everyone), `user_segment_ids` (Enterprise: readers in any of them), `locale`,
 * `created_at`, `updated_at`.
 */
export const articleSchema = z.object({
  id: zendeskId,
  title: z.string(),
  body: z.string().nullable(),
  draft: z.boolean(),
  html_url: z.string().url(),
  section_id: zendeskId.nullable(),
  user_segment_id: zendeskId.nullable(),
  user_segment_ids: z.array(zendeskId).optional(),
  locale: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
});

/**
 * https://developer.zendesk.com/api-reference/help_center/help-center-api/user_segments/: `user_type`
 * (`signed_in_users` or `staff`), and what narrows it: `group_ids`, `organization_ids`, `tags` (all required),
 * `or_tags` (any one), `added_user_ids`. A narrowing list left out is read as empty.
 */
export const userSegmentSchema = z.object({
  id: zendeskId,
  user_type: z.string(),
  group_ids: z.array(zendeskId).default([]),
  organization_ids: z.array(zendeskId).default([]),
  tags: z.array(z.string()).default([]),
  or_tags: z.array(z.string()).default([]),
  added_user_ids: z.array(zendeskId).default([]),
});

export const categoriesPageSchema = z.object({ categories: z.array(categorySchema), meta: cursorMeta });
export const sectionsPageSchema = z.object({ sections: z.array(sectionSchema), meta: cursorMeta });
export const articlesPageSchema = z.object({ articles: z.array(articleSchema), meta: cursorMeta });
export const userSegmentsPageSchema = z.object({
  user_segments: z.array(userSegmentSchema),
  meta: cursorMeta,
});

/**
 * The time-based incremental article export
 * (https://developer.zendesk.com/documentation/help_center/help-center-api/understanding-incremental-article-exports/):
 * `articles`, `next_page` (a URL with a new `start_time`, null at the end), `end_time` (epoch seconds), `count`.
 */
export const incrementalArticlesSchema = z.object({
  articles: z.array(articleSchema),
  next_page: z.string().url().nullable(),
  end_time: z.number().int().nonnegative().nullable(),
  count: z.number().int().nonnegative(),
});

export type ZendeskArticleAnswer = z.infer<typeof articleSchema>;
export type ZendeskSectionAnswer = z.infer<typeof sectionSchema>;
export type ZendeskCategoryAnswer = z.infer<typeof categorySchema>;
export type ZendeskUserSegmentAnswer = z.infer<typeof userSegmentSchema>;
