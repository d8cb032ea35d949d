import type { GitbookTreePage } from './schemas.js';

/**
 * Which pages of a space's tree the portal shows, and where they are published.
 *
 * - `document` pages are read; `group` pages are headings of the table of contents with no body (their pages
 *   are read); `link` pages point elsewhere; `computed` pages and any type GitBook adds later are skipped.
 * - `noIndex` ("the page is not indexable in the search and ask features", GitBook's OpenAPI description,
 *   `RevisionPageDocument`) keeps a page out of the portal's search too. On a group it can only mean the group's
 *   pages, so they are skipped; on a document it skips that document alone (not documented whether GitBook
 *   extends it to a document's sub-pages; they keep their own flag).
 * - `hidden` pages are kept: GitBook describes them as "not displayed in the navigation, while still being
 *   accessible" (same description), and its page options treat hiding from the table of contents and indexing
 *   in the published site's search as separate choices ("show/hide in your published documentation, while also
 *   deciding if you would like the page to be indexed in your published doc's search",
 *   https://gitbook.com/docs/creating-content/content-structure/page, source GitbookIO/public-docs
 *   creating-content/content-structure/page.md). So a hidden page is published, and `noIndex`, not `hidden`,
 *   is what keeps a page out of search.
 * - A page with an adaptive-content `condition` is shown only to the visitors it matches; the portal cannot
 *   tell who they are, so the page and the pages under it are skipped.
 */
export interface PublishedPage {
  id: string;
  title: string;
  /** The page's path in its space (`transit-gateways/peering`). */
  path: string;
  updatedAt: string | undefined;
}

export function publishedPages(pages: readonly GitbookTreePage[]): PublishedPage[] {
  const found: PublishedPage[] = [];
  const walk = (level: readonly GitbookTreePage[]) => {
    for (const page of level) {
      if (page.condition !== undefined) continue;
      if (page.type === 'group') {
        if (!page.noIndex) walk(page.pages ?? []);
        continue;
      }
      if (page.type !== 'document') continue;
      if (!page.noIndex) {
        found.push({
          id: page.id,
          title: page.title ?? page.id,
          path: page.path ?? '',
          updatedAt: page.updatedAt,
        });
      }
      walk(page.pages ?? []);
    }
  };
  walk(pages);
  return found;
}

/** Joins URL path parts into `/a/b` (no empty segment, no trailing slash; `/` when nothing is left). */
export function joinPath(...parts: readonly string[]): string {
  const segments = parts.flatMap((part) => part.split('/')).filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}
