import { docsPageUrl, type PublicContentSource } from '../../../common/search-sources.js';
import { htmlToPlainText } from '../../../common/snippet.js';
import type { CommunityConnector } from '../../connectors/community/types.js';
import type { DocsConnector } from '../../connectors/docs/types.js';
import type { KnowledgeBaseConnector } from '../../connectors/knowledge-base/types.js';
import type { SourceGroups } from '../search/federated-search.js';

/**
 * The assistant answers with passages, not whole items: each knowledge-base article and documentation page a
 * search found is read whole through its connector and cut at its section headings, so a link can point into
 * the section that answers (`#<heading id>`). A community post is one passage (its text has no headings).
 */

export interface Passage {
  source: PublicContentSource;
  itemTitle: string;
  /** The section's heading; '' for text before the first heading or an item without sections. */
  heading: string;
  /** The item's address, with `#<id>` when the section's heading has an id. */
  url: string;
  /** Plain text of the section. */
  text: string;
  /** The item's place in its source's search results (0 = first); ties in the ranking go to the better. */
  itemRank: number;
  /** The section's place in its item (0 = first). */
  order: number;
}

export interface Section {
  heading: string;
  /** The heading's id, or null when it has none (then the link opens the item at its top). */
  anchor: string | null;
  text: string;
}

/**
 * A section heading in an item's HTML: `<h1>` to `<h6>`, or a paragraph of bold text alone (the lead lines
 * the knowledge base writes instead of headings; the renderer gives both an id, connectors/content-folder/markdown.ts).
 * The bold text may hold inline markup but no other paragraph or bold element.
 */
const SECTION_HEADING =
  /<h([1-6])\b([^>]*)>([\s\S]*?)<\/h\1\s*>|<p\b([^>]*)>\s*<strong>((?:(?!<\/?(?:strong|p)\b)[\s\S])*)<\/strong>\s*<\/p\s*>/gi;
const ID_ATTRIBUTE = /\bid\s*=\s*"([^"]+)"/i;

/** Cuts an item's HTML at its section headings; sections without text are dropped. */
export function htmlSections(html: string): Section[] {
  const sections: Section[] = [];
  let current: Omit<Section, 'text'> = { heading: '', anchor: null };
  let from = 0;
  const flush = (to: number): void => {
    const text = htmlToPlainText(html.slice(from, to));
    if (text !== '') sections.push({ ...current, text });
  };
  for (const match of html.matchAll(SECTION_HEADING)) {
    flush(match.index);
    current = {
      heading: htmlToPlainText(match[3] ?? match[5] ?? ''),
      anchor: ID_ATTRIBUTE.exec(match[2] ?? match[4] ?? '')?.[1] ?? null,
    };
    from = match.index + match[0].length;
  }
  flush(html.length);
  return sections;
}

function sectionPassages(
  source: PublicContentSource,
  item: { title: string; url: string; html: string },
  itemRank: number,
): Passage[] {
  return htmlSections(item.html).map((section, order) => ({
    source,
    itemTitle: item.title,
    heading: section.heading,
    url: section.anchor === null ? item.url : `${item.url}#${section.anchor}`,
    text: section.text,
    itemRank,
    order,
  }));
}

/** The connector calls that read whole items. */
export interface ItemReaders {
  knowledgeBase: Pick<KnowledgeBaseConnector, 'readArticles'>;
  docs: Pick<DocsConnector, 'readPages'>;
  community: Pick<CommunityConnector, 'readPosts'>;
}

/** Each hit's place in its list, by id. */
const ranksOf = (hits: readonly { id: number }[] | undefined): Map<number, number> =>
  new Map((hits ?? []).map((hit, rank) => [hit.id, rank]));

/**
 * Every passage of the items a search found. Protected articles are left out unless the reader may read them
 * (the assistant is for signed-in users, who may; the check keeps the rule in one place anyway).
 */
export async function passagesOf(
  readers: ItemReaders,
  groups: SourceGroups,
  options: { readProtected: boolean },
): Promise<Passage[]> {
  const kbRanks = ranksOf(groups.zendesk?.hits);
  const docsRanks = ranksOf(groups.git?.hits);
  const postRanks = ranksOf(groups.forumbee?.hits);
  const [articles, pages, posts] = await Promise.all([
    readers.knowledgeBase.readArticles([...kbRanks.keys()]),
    readers.docs.readPages([...docsRanks.keys()]),
    readers.community.readPosts([...postRanks.keys()]),
  ]);
  return [
    ...articles
      .filter((article) => options.readProtected || article.userSegmentId === null)
      .flatMap((article) =>
        sectionPassages(
          'zendesk',
          { title: article.title, url: article.htmlUrl, html: article.body },
          kbRanks.get(article.id) ?? 0,
        ),
      ),
    ...pages.flatMap((page) =>
      sectionPassages(
        'git',
        { title: page.title, url: docsPageUrl(page.domain, page.path), html: page.body },
        docsRanks.get(page.id) ?? 0,
      ),
    ),
    ...posts.map((post) => ({
      source: 'forumbee' as const,
      itemTitle: post.title,
      heading: '',
      url: post.url,
      text: post.text,
      itemRank: postRanks.get(post.id) ?? 0,
      order: 0,
    })),
  ];
}
