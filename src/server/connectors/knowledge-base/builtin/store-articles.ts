import { createHash } from 'node:crypto';
import { eq, notExists, sql, type SQL } from 'drizzle-orm';
import { htmlToPlainText } from '../../../../common/snippet.js';
import type { Database } from '../../../db/client.js';
import type { FeedArticle, FeedPass, FeedSection } from '../../content-feed.js';
import { SIGNED_IN_SEGMENT_ID } from '../../content-folder/read-content.js';
import { upsertOwnedRows } from '../../content-folder/owned-rows.js';
import { feedSlug, removeFeedRows } from '../../feed-rows.js';
import { sanitizeVendorArticle } from '../../vendor-html.js';
import { kbArticles, kbCategories, kbSections } from './schema.js';

const excluded = (name: string): SQL => sql.raw(`excluded.${name}`);

/** Upserts the categories and sections the pass's articles sit in, by the vendor's ids; answers section ids. */
async function storeSections(tx: Database, sections: readonly FeedSection[]): Promise<Map<string, number>> {
  const categories = new Map(sections.map((section) => [section.category.externalId, section.category]));
  const categoryRows = new Map<string, { id: number; slug: string }>();
  if (categories.size > 0) {
    const rows = await tx
      .insert(kbCategories)
      .values(
        [...categories.values()].map((category) => ({
          externalId: category.externalId,
          slug: feedSlug(category.name, category.externalId),
          name: category.name,
        })),
      )
      .onConflictDoUpdate({
        target: kbCategories.externalId,
        set: { name: excluded(kbCategories.name.name), slug: excluded(kbCategories.slug.name) },
      })
      .returning({ id: kbCategories.id, slug: kbCategories.slug, externalId: kbCategories.externalId });
    for (const row of rows) categoryRows.set(row.externalId ?? '', row);
  }
  const sectionIds = new Map<string, number>();
  const unique = new Map(sections.map((section) => [section.externalId, section]));
  if (unique.size > 0) {
    const rows = await tx
      .insert(kbSections)
      .values(
        [...unique.values()].map((section) => {
          const category = categoryRows.get(section.category.externalId);
          return {
            externalId: section.externalId,
            key: `${category?.slug ?? 'unfiled'}/${feedSlug(section.name, section.externalId)}`,
            name: section.name,
            categoryId: category?.id ?? 0,
          };
        }),
      )
      .onConflictDoUpdate({
        target: kbSections.externalId,
        set: {
          key: excluded(kbSections.key.name),
          name: excluded(kbSections.name.name),
          categoryId: excluded(kbSections.categoryId.name),
        },
      })
      .returning({ id: kbSections.id, externalId: kbSections.externalId });
    for (const row of rows) sectionIds.set(row.externalId ?? '', row.id);
  }
  return sectionIds;
}

/**
 * A knowledge-base feed's pass (Zendesk Help Center articles) written into the built-in's tables: categories
 * and sections by the vendor's ids, articles with their bodies sanitised (links and images made absolute on
 * `baseUrl`) and their link the vendor's page. A signed-in-only article gets the signed-in segment, as the
 * content folder's do. A complete pass also drops the categories and sections left without an article.
 */
export async function storeArticlesPass(
  tx: Database,
  pass: FeedPass<FeedArticle>,
  baseUrl: string,
): Promise<{ written: number; removed: number }> {
  const sectionIds = await storeSections(
    tx,
    pass.items.flatMap((article) => (article.section ? [article.section] : [])),
  );
  const written = await upsertOwnedRows(
    tx,
    kbArticles,
    pass.items.map((article) => {
      const body = sanitizeVendorArticle(article.html, baseUrl);
      return {
        externalId: article.externalId,
        slug: feedSlug(article.title, article.externalId),
        title: article.title,
        body,
        bodyText: htmlToPlainText(body),
        section: article.section?.name ?? '',
        sectionId: article.section ? (sectionIds.get(article.section.externalId) ?? null) : null,
        userSegmentId: article.signedInOnly ? SIGNED_IN_SEGMENT_ID : null,
        htmlUrl: article.htmlUrl,
        createdAt: article.createdAt,
        updatedAt: article.updatedAt,
        contentHash: createHash('sha256')
          .update(
            JSON.stringify([article.title, body, article.signedInOnly, article.htmlUrl, article.updatedAt]),
          )
          .digest('hex'),
      };
    }),
    {
      target: kbArticles.externalId,
      // Readers' counts belong to the portal: a vendor's edit does not set them back.
      insertOnly: ['createdAt'],
      changedWhen: [kbArticles.contentHash, kbArticles.sectionId],
    },
  );
  const removed = await removeFeedRows(
    tx,
    kbArticles,
    { externalId: kbArticles.externalId, sourcePath: kbArticles.sourcePath },
    pass,
  );
  if (pass.complete) {
    // Emptied sections and categories go, the content folder's ones (no vendor id) included.
    await tx
      .delete(kbSections)
      .where(
        notExists(
          tx.select({ id: kbArticles.id }).from(kbArticles).where(eq(kbArticles.sectionId, kbSections.id)),
        ),
      );
    await tx
      .delete(kbCategories)
      .where(
        notExists(
          tx.select({ id: kbSections.id }).from(kbSections).where(eq(kbSections.categoryId, kbCategories.id)),
        ),
      );
  }
  return { written, removed };
}
