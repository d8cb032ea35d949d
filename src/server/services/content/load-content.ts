import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { htmlToPlainText } from '../../../common/snippet.js';
import type { Database } from '../../db/client.js';
import {
  communityPosts,
  docsPages,
  kbArticles,
  kbCategories,
  kbSections,
  type DocsBlock,
} from '../../db/schema.js';
import {
  communityFrontMatterSchema,
  docsFrontMatterSchema,
  kbFrontMatterSchema,
  parseContentFile,
} from './front-matter.js';
import { refreshSearchWords } from '../search/search-words.js';
import { markdownBlocks, renderMarkdown } from './markdown.js';

/**
 * The built-in content loader: Markdown files with front matter under `CONTENT_DIR` become knowledge base
 * categories, sections and articles, documentation pages and community posts.
 *
 *   kb/<category-slug>/<section-slug>/<article-slug>.md   title, section, category, signInRequired, updated, views
 *   docs/<domain-slug>/<page-slug>.md                      title, domain, path, updated
 *   community/<slug>.md                                    title, author, created, replies
 *
 * Rows are upserted by slug (KB, community) or file path (docs) and rows whose file is gone are deleted; only
 * rows the loader owns (`source_path` set) are ever deleted. A file that fails to parse is reported and its
 * existing row kept, so a typo does not unpublish an article. One load runs at a time across every instance
 * (a transaction-scoped advisory lock), and an unchanged file is not written again.
 */

/** Zendesk's "signed-in users" segment: the `user_segment_id` of articles that need sign-in. */
export const SIGNED_IN_SEGMENT_ID = 1;
/** Category shown by `/docs`. */
export const TECH_HUB_CATEGORY_SLUG = 'tech-hub';
export const COMMUNITY_BASE_URL = 'https://community.acme.example/t/';

const CONTENT_LOCK_KEY = 7_354_120_002;
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

export interface ContentLoadResult {
  kbArticles: number;
  docsPages: number;
  communityPosts: number;
  /** Rows removed because their file is gone. */
  deleted: number;
  problems: ContentProblem[];
}

interface KbItem {
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

interface DocsItem {
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

interface CommunityItem {
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

interface ParsedContent {
  kb: KbItem[];
  docs: DocsItem[];
  community: CommunityItem[];
  /** Files that failed: their rows (and the KB folders they sit in) are kept as they are. */
  broken: string[];
  problems: ContentProblem[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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
  const contentHash = sha256(source);
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

/** `col is distinct from excluded.col` for each column: the upsert writes only rows that changed. */
function changed(table: string, columns: readonly string[]): SQL {
  return sql.raw(
    columns.map((column) => `${table}.${column} is distinct from excluded.${column}`).join(' or '),
  );
}

function excluded(column: PgColumn): SQL {
  return sql.raw(`excluded.${column.name}`);
}

function keptWhere(column: PgColumn, keep: string[]): SQL | undefined {
  return keep.length > 0 ? and(isNotNull(column), notInArray(column, keep)) : isNotNull(column);
}

export interface LoadContentOptions {
  db: Database;
  dir: string;
}

/**
 * Loads `dir` into the database. A missing folder loads nothing and deletes nothing (a wrong CONTENT_DIR
 * must not unpublish everything); it is reported as a problem.
 */
export async function loadContent(options: LoadContentOptions): Promise<ContentLoadResult> {
  const dir = path.resolve(options.dir);
  const exists = await stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!exists) {
    return {
      kbArticles: 0,
      docsPages: 0,
      communityPosts: 0,
      deleted: 0,
      problems: [{ file: dir, message: 'content folder not found; nothing loaded' }],
    };
  }
  const content = await readContent(dir);
  const deleted = await options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK_KEY})`);
    let removed = 0;

    // Categories and sections: those of loaded articles, plus the folders of broken files (kept as they are).
    const brokenKb = content.broken.filter((file) => file.startsWith('kb/')).map((file) => file.split('/'));
    const categories = new Map<string, string>();
    const sections = new Map<string, { name: string; categorySlug: string }>();
    for (const item of content.kb) {
      if (!categories.has(item.categorySlug)) categories.set(item.categorySlug, item.categoryName);
      if (!sections.has(item.sectionKey)) {
        sections.set(item.sectionKey, { name: item.sectionName, categorySlug: item.categorySlug });
      }
    }
    const categoryIds = new Map<string, number>();
    if (categories.size > 0) {
      const rows = await tx
        .insert(kbCategories)
        .values([...categories].map(([slug, name]) => ({ slug, name })))
        .onConflictDoUpdate({ target: kbCategories.slug, set: { name: excluded(kbCategories.name) } })
        .returning({ id: kbCategories.id, slug: kbCategories.slug });
      for (const row of rows) categoryIds.set(row.slug, row.id);
    }
    const sectionIds = new Map<string, number>();
    if (sections.size > 0) {
      const rows = await tx
        .insert(kbSections)
        .values(
          [...sections].map(([key, section]) => ({
            key,
            name: section.name,
            categoryId: categoryIds.get(section.categorySlug) ?? 0,
          })),
        )
        .onConflictDoUpdate({
          target: kbSections.key,
          set: { name: excluded(kbSections.name), categoryId: excluded(kbSections.categoryId) },
        })
        .returning({ id: kbSections.id, key: kbSections.key });
      for (const row of rows) sectionIds.set(row.key, row.id);
    }

    if (content.kb.length > 0) {
      await tx
        .insert(kbArticles)
        .values(
          content.kb.map((item) => ({
            slug: item.slug,
            title: item.title,
            body: item.body,
            bodyText: item.bodyText,
            section: item.sectionName,
            sectionId: sectionIds.get(item.sectionKey) ?? null,
            userSegmentId: item.userSegmentId,
            htmlUrl: kbArticleUrl(item.slug),
            viewCount: item.viewCount,
            sourcePath: item.sourcePath,
            contentHash: item.contentHash,
            createdAt: item.updatedAt,
            updatedAt: item.updatedAt,
          })),
        )
        .onConflictDoUpdate({
          target: kbArticles.slug,
          set: {
            title: excluded(kbArticles.title),
            body: excluded(kbArticles.body),
            bodyText: excluded(kbArticles.bodyText),
            section: excluded(kbArticles.section),
            sectionId: excluded(kbArticles.sectionId),
            userSegmentId: excluded(kbArticles.userSegmentId),
            htmlUrl: excluded(kbArticles.htmlUrl),
            viewCount: excluded(kbArticles.viewCount),
            sourcePath: excluded(kbArticles.sourcePath),
            contentHash: excluded(kbArticles.contentHash),
            updatedAt: excluded(kbArticles.updatedAt),
          },
          setWhere: changed('kb_articles', ['content_hash', 'section_id', 'source_path']),
        });
    }
    const keepKb = [...content.kb.map((item) => item.sourcePath), ...content.broken];
    removed += (
      await tx
        .delete(kbArticles)
        .where(keptWhere(kbArticles.sourcePath, keepKb))
        .returning({ id: kbArticles.id })
    ).length;
    // Folders left without a loaded (or broken, hence kept) article go too.
    const keepSections = [...sections.keys(), ...brokenKb.map((parts) => `${parts[1]}/${parts[2]}`)];
    const keepCategories = [...categories.keys(), ...brokenKb.map((parts) => parts[1] ?? '')];
    await tx
      .delete(kbSections)
      .where(keepSections.length > 0 ? notInArray(kbSections.key, keepSections) : undefined);
    await tx
      .delete(kbCategories)
      .where(keepCategories.length > 0 ? notInArray(kbCategories.slug, keepCategories) : undefined);

    if (content.docs.length > 0) {
      await tx
        .insert(docsPages)
        .values(content.docs)
        .onConflictDoUpdate({
          target: docsPages.sourcePath,
          set: {
            title: excluded(docsPages.title),
            domain: excluded(docsPages.domain),
            path: excluded(docsPages.path),
            body: excluded(docsPages.body),
            bodyText: excluded(docsPages.bodyText),
            blocks: excluded(docsPages.blocks),
            updatedAt: excluded(docsPages.updatedAt),
            contentHash: excluded(docsPages.contentHash),
          },
          setWhere: changed('docs_pages', ['content_hash']),
        });
    }
    const keepDocs = [...content.docs.map((item) => item.sourcePath), ...content.broken];
    removed += (
      await tx
        .delete(docsPages)
        .where(keptWhere(docsPages.sourcePath, keepDocs))
        .returning({ id: docsPages.id })
    ).length;

    if (content.community.length > 0) {
      await tx
        .insert(communityPosts)
        .values(content.community)
        .onConflictDoUpdate({
          target: communityPosts.slug,
          set: {
            sourcePath: excluded(communityPosts.sourcePath),
            title: excluded(communityPosts.title),
            author: excluded(communityPosts.author),
            text: excluded(communityPosts.text),
            url: excluded(communityPosts.url),
            replies: excluded(communityPosts.replies),
            createdAt: excluded(communityPosts.createdAt),
            contentHash: excluded(communityPosts.contentHash),
          },
          setWhere: changed('community_posts', ['content_hash', 'source_path']),
        });
    }
    const keepCommunity = [...content.community.map((item) => item.sourcePath), ...content.broken];
    removed += (
      await tx
        .delete(communityPosts)
        .where(keptWhere(communityPosts.sourcePath, keepCommunity))
        .returning({ id: communityPosts.id })
    ).length;
    // Under the same lock and in the same transaction: the word list always matches the titles.
    await refreshSearchWords(tx);
    return removed;
  });
  return {
    kbArticles: content.kb.length,
    docsPages: content.docs.length,
    communityPosts: content.community.length,
    deleted,
    problems: content.problems,
  };
}
