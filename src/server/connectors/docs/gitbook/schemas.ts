import { z } from 'zod';

/**
 * The parts of GitBook's answers the docs feed reads, from GitBook's OpenAPI description (`@gitbook/api@0.202.0`
 * spec/openapi.json; the API reference at https://gitbook.com/docs/developers/gitbook-api/api-reference). Only
 * what the feed uses is required; unknown fields are dropped, so GitBook adding fields changes nothing.
 */

/**
 * `SiteSpace`: a space linked to the site (operation `listSiteSpaces`,
 * https://gitbook.com/docs/developers/gitbook-api/api-reference/docs-sites/site-spaces). `path` is "Path to the
 * space on the site"; `draft` "Whether the site space is draft and not live"; `condition` an adaptive-content
 * expression deciding which visitors see it.
 */
export const siteSpaceSchema = z.object({
  id: z.string().min(1),
  path: z.string(),
  draft: z.boolean().optional(),
  condition: z.unknown().optional(),
  space: z.object({ id: z.string().min(1), updatedAt: z.string().optional() }),
});
export type GitbookSiteSpace = z.infer<typeof siteSpaceSchema>;

/** `List & {items: SiteSpace[]}`: `next.page` is the "Unique identifier to query the next results page". */
export const siteSpacesPageSchema = z.object({
  items: z.array(siteSpaceSchema),
  next: z.object({ page: z.string().min(1) }).optional(),
});

/**
 * A `RevisionPage` of a space's tree (operation `listPages`): `type` is `document`, `group`, `link` or
 * `computed`; documents and groups hold nested `pages`. `type` is read as any text so that a kind GitBook adds
 * later is skipped rather than failing the sync.
 */
export interface GitbookTreePage {
  type: string;
  id: string;
  title?: string | undefined;
  /** "Complete path to access the page in the revision." */
  path?: string | undefined;
  /** "When the page was last edited. Only present if page has been edited at least once." */
  updatedAt?: string | undefined;
  /** "If true, the page is not displayed in the navigation, while still being accessible." */
  hidden?: boolean | undefined;
  /** "If true, the page is not indexable in the search and ask features." */
  noIndex?: boolean | undefined;
  /** Adaptive-content condition: only some visitors see the page. */
  condition?: string | undefined;
  pages?: GitbookTreePage[] | undefined;
}

export const treePageSchema: z.ZodType<GitbookTreePage> = z.lazy(() =>
  z.object({
    type: z.string(),
    id: z.string().min(1),
    title: z.string().optional(),
    path: z.string().optional(),
    updatedAt: z.string().optional(),
    hidden: z.boolean().optional(),
    noIndex: z.boolean().optional(),
    condition: z.string().optional(),
    pages: z.array(treePageSchema).optional(),
  }),
);

export const pageTreeSchema = z.object({ pages: z.array(treePageSchema) });

/**
 * One page with `format=markdown` (operation `getPageById`,
 * https://gitbook.com/docs/developers/gitbook-api/api-reference/spaces/space-content/get-a-single-page-from-a-space-by-its-id):
 * a `RevisionPageDocument` whose `Document` is a `MarkdownDocument`, `{markdown}`.
 */
export const markdownPageSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  updatedAt: z.string().optional(),
  markdown: z.string(),
});
