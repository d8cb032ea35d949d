import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { htmlToPlainText } from '../../../common/snippet.js';
import type { DocsBlock } from '../docs/builtin/schema.js';
import {
  communityFrontMatterSchema,
  docsFrontMatterSchema,
  kbFrontMatterSchema,
  parseContentFile,
} from './front-matter.js';
import { MARKDOWN_RENDERER_VERSION, markdownBlocks, renderMarkdown } from './markdown.js';

/**
 * Reading the content folder: Markdown files with front matter under `CONTENT_DIR` become items of the
 * knowledge base (categories, sections and articles), documentation pages and community posts.
 *
 *   kb/<category-slug>/<section-slug>/<article-slug>.md   title, section, category, signInRequired, updated, views
 *   docs/<domain-slug>/<page-slug>.md                      title, domain, path, updated
 *   community/<slug>.md                                    title, author, created, replies
 *
 * A file that fails to parse is reported in `problems` and listed in `broken`, so the sync keeps its existing
 * row (a typo does not unpublish an article). Each item carries the hash of its file, so an unchanged file is
 * not written again.
 */

/** Zendesk's "signed-in users" segment: the `user_segment_id` of articles that need sign-in. */
export const SIGNED_IN_SEGMENT_ID = 1;
export const COMMUNITY_BASE_URL = 'https://community.acme.example/t/';

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** Where a KB article opens in the portal: the Tech Hub page selects it by slug. */
export function kbArticleUrl(slug: string): string {
  return `/docs?article=${encodeURIComponent(slug)}`;
}

export interface ContentProblem {
  /** `content/`-relative path. */
  file: string;
  message: string;
}

export interface KbItem {
  slug: string;
  sourcePath: string;
  categorySlug: string;
  categoryName: string;
  sectionKey: string;
  sectionName: string;
  title: string;
  body: string;
  bodyText: string;
  userSegmentId: number | null;
  viewCount: number;
  updatedAt: Date;
  contentHash: string;
}

export interface DocsItem {
  sourcePath: string;
  title: string;
  domain: string;
  path: string;
  body: string;
  bodyText: string;
  blocks: DocsBlock[];
  updatedAt: Date;
  contentHash: string;
}

export interface CommunityItem {
  slug: string;
  sourcePath: string;
  title: string;
  author: string;
  text: string;
  url: string;
  replies: number;
  createdAt: Date;
  contentHash: string;
}

export interface ParsedContent {
  kb: KbItem[];
  docs: DocsItem[];
  community: CommunityItem[];
  /** Files that failed: their rows (and the KB folders they sit in) are kept as they are. */
  broken: string[];
  problems: ContentProblem[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The file's hash with the renderer's version, so a new renderer rewrites the rows of unchanged files. */
export const contentHashOf = (source: string): string => sha256(`${MARKDOWN_RENDERER_VERSION}\n${source}`);

async function listMarkdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function parseFile(relative: string, source: string, into: ParsedContent): void {
  const parts = relative.split('/');
  const names = parts.map((part) => part.replace(/\.md$/, ''));
  if (!names.slice(1).every((name) => SLUG.test(name))) {
    throw new Error('folder and file names must be lower-case slugs (a-z, 0-9, -)');
  }
  const contentHash = contentHashOf(source);
  if (parts[0] === 'kb' && parts.length === 4) {
    const [, categorySlug = '', sectionSlug = '', slug = ''] = names;
    const { data, body } = parseContentFile(source, kbFrontMatterSchema);
    const html = renderMarkdown(body);
    into.kb.push({
      slug,
      sourcePath: relative,
      categorySlug,
      categoryName: data.category,
      sectionKey: `${categorySlug}/${sectionSlug}`,
      sectionName: data.section,
      title: data.title,
      body: html,
      bodyText: htmlToPlainText(html),
      userSegmentId: data.signInRequired ? SIGNED_IN_SEGMENT_ID : null,
      viewCount: data.views,
      updatedAt: data.updated,
      contentHash,
    });
  } else if (parts[0] === 'docs' && parts.length === 3) {
    const { data, body } = parseContentFile(source, docsFrontMatterSchema);
    const html = renderMarkdown(body);
    into.docs.push({
      sourcePath: relative,
      title: data.title,
      domain: data.domain,
      path: data.path,
      body: html,
      bodyText: htmlToPlainText(html),
      blocks: markdownBlocks(body),
      updatedAt: data.updated,
      contentHash,
    });
  } else if (parts[0] === 'community' && parts.length === 2) {
    const slug = names[1] ?? '';
    const { data, body } = parseContentFile(source, communityFrontMatterSchema);
    into.community.push({
      slug,
      sourcePath: relative,
      title: data.title,
      author: data.author,
      text: htmlToPlainText(renderMarkdown(body)),
      url: `${COMMUNITY_BASE_URL}${slug}`,
      replies: data.replies,
      createdAt: data.created,
      contentHash,
    });
  }
  // Anything else under content/ (policy pages, images) belongs to other features.
}

/** Lists and parses every Markdown file under `dir`; a file that fails is reported, never thrown. */
export async function readContent(dir: string): Promise<ParsedContent> {
  const parsed: ParsedContent = { kb: [], docs: [], community: [], broken: [], problems: [] };
  const seenKbSlugs = new Map<string, string>();
  for (const relative of await listMarkdownFiles(dir)) {
    try {
      const before = parsed.kb.length;
      parseFile(relative, await readFile(path.join(dir, relative), 'utf8'), parsed);
      const added = parsed.kb[before];
      if (added) {
        const other = seenKbSlugs.get(added.slug);
        if (other) {
          parsed.kb.pop();
          throw new Error(`article slug "${added.slug}" is already used by ${other}`);
        }
        seenKbSlugs.set(added.slug, relative);
      }
    } catch (error) {
      parsed.broken.push(relative);
      parsed.problems.push({ file: relative, message: (error as Error).message });
    }
  }
  return parsed;
}
