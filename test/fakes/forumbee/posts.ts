import type { ForumbeeFixturePost } from './fixtures';

/**
 * How the Forumbee fake turns a stored post into what `GET /api/2/posts` answers. The field names are those public
 * clients ask for (docs/vendors/forumbee.md, sources S1 and S2: jeffdickman/forumbee-mcp-server `client.py`,
 * jeffdickman/forumbee-api-discussion-extract `get-categories-post-list.py`).
 */

/** Tags whose end is a break in the text: a paragraph, a list item, a heading, a line break. */
const BLOCK_TAG = /<\/?(p|div|li|ul|ol|h[1-6]|br|blockquote|pre|tr)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** HTML as plain text: tags dropped, blocks separated by a space, the common entities decoded. */
export function htmlToPlain(html: string): string {
  return html
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|[a-z]+);/gi, (whole, name: string) =>
      name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? whole),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The body in the asked format: `plain`, `plain-truncate-<n>` or `html` (S1, S2, S3 of the research). Not
 * documented: which format answers when none is asked; the fake answers the stored HTML.
 */
export function textIn(format: string | null, html: string): string | undefined {
  if (format === null || format === 'html') return html;
  if (format === 'plain') return htmlToPlain(html);
  const truncate = /^plain-truncate-(\d+)$/.exec(format);
  if (truncate) return htmlToPlain(html).slice(0, Number(truncate[1]));
  return undefined;
}

/** Every field the fake can answer, by its dotted name. */
function fieldValues(
  post: ForumbeeFixturePost,
  text: string,
  forumUrl: string,
): Record<string, string | number | null> {
  return {
    postKey: post.postKey,
    parentKey: post.parentKey ?? null,
    title: post.title,
    text,
    typeLabel: post.kind === 'topic' ? 'Topic' : 'Reply',
    posted: post.posted,
    active: post.posted,
    postStatus: 'open',
    replyCount: post.replyCount,
    likeCount: 0,
    viewCount: 10 + post.replyCount,
    followCount: 1,
    // Not documented: whether `url` is absolute; the fake answers the absolute form of a topic's address,
    // `/t/<postKey>/<slug>`, the form of Forumbee's own community (https://community.forumbee.com/t/y72fnn/api-reference).
    url: `${forumUrl}/t/${post.parentKey ?? post.postKey}/${slug(post.title)}`,
    'author.userKey': post.author.userKey,
    'author.name': post.author.name,
    'author.handle': post.author.handle,
    'category.name': post.categoryName,
    'category.link': post.categoryLink,
  };
}

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The fields asked for when `fields` is absent. Not documented: Forumbee's default set. */
export const DEFAULT_FIELDS = ['postKey', 'title', 'url'] as const;

/**
 * The post with only the asked fields. Not documented: how a dotted field comes back in JSON; the fake nests it
 * (`{"author": {"name": …}}`). Unknown field names are left out.
 */
export function project(
  post: ForumbeeFixturePost,
  fields: readonly string[],
  text: string,
  forumUrl: string,
): Record<string, unknown> {
  const values = fieldValues(post, text, forumUrl);
  const answer: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field in values)) continue;
    const [head, tail] = field.split('.', 2) as [string, string | undefined];
    if (tail === undefined) {
      answer[head] = values[field];
      continue;
    }
    const nested = (answer[head] ?? {}) as Record<string, unknown>;
    nested[tail] = values[field];
    answer[head] = nested;
  }
  return answer;
}
