import { notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { kbArticles, kbCategories, kbSections } from './schema.js';
import { deleteRowsGone, upsertOwnedRows } from '../../content-folder/owned-rows.js';
import { kbArticleUrl, type ParsedContent } from '../../content-folder/read-content.js';

const excluded = (name: string): SQL => sql.raw(`excluded.${name}`);

/** Upserts categories and sections by slug and key; answers the ids articles refer to. */
async function syncFolders(db: Database, content: ParsedContent): Promise<Map<string, number>> {
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
    const rows = await db
      .insert(kbCategories)
      .values([...categories].map(([slug, name]) => ({ slug, name })))
      .onConflictDoUpdate({ target: kbCategories.slug, set: { name: excluded(kbCategories.name.name) } })
      .returning({ id: kbCategories.id, slug: kbCategories.slug });
    for (const row of rows) categoryIds.set(row.slug, row.id);
  }
  const sectionIds = new Map<string, number>();
  if (sections.size > 0) {
    const rows = await db
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
        set: { name: excluded(kbSections.name.name), categoryId: excluded(kbSections.categoryId.name) },
      })
      .returning({ id: kbSections.id, key: kbSections.key });
    for (const row of rows) sectionIds.set(row.key, row.id);
  }
  return sectionIds;
}

/**
 * The knowledge base: categories and sections (the folders), then articles keyed by slug. Folders left without
 * a loaded article go too, except those of a broken file (its article is kept, so its folders are). Answers
 * the articles deleted because their file is gone.
 */
export async function syncKb(db: Database, content: ParsedContent): Promise<number> {
  const sectionIds = await syncFolders(db, content);
  await upsertOwnedRows(
    db,
    kbArticles,
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
    {
      target: kbArticles.slug,
      // The file's `views` is where a new article starts; from then on readers count (article-views.ts), and
      // an edit of the file must not set the count back.
      insertOnly: ['createdAt', 'viewCount'],
      changedWhen: [kbArticles.contentHash, kbArticles.sectionId, kbArticles.sourcePath],
    },
  );
  const keep = [...content.kb.map((item) => item.sourcePath), ...content.broken];
  const removed = await deleteRowsGone(db, kbArticles, kbArticles.sourcePath, keep);

  const brokenKb = content.broken.filter((file) => file.startsWith('kb/')).map((file) => file.split('/'));
  const keepSections = [
    ...new Set(content.kb.map((item) => item.sectionKey)),
    ...brokenKb.map((parts) => `${parts[1]}/${parts[2]}`),
  ];
  const keepCategories = [
    ...new Set(content.kb.map((item) => item.categorySlug)),
    ...brokenKb.map((parts) => parts[1] ?? ''),
  ];
  await db
    .delete(kbSections)
    .where(keepSections.length > 0 ? notInArray(kbSections.key, keepSections) : undefined);
  await db
    .delete(kbCategories)
    .where(keepCategories.length > 0 ? notInArray(kbCategories.slug, keepCategories) : undefined);
  return removed;
}
