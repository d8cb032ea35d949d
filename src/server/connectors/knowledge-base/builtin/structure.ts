import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { kbArticles, kbSections } from './schema.js';
import { ServiceError } from '../../../lib/errors.js';
import { asIntegerId } from '../../../lib/integer-id.js';
import type {
  ArticlePage,
  ArticleSummary,
  CategoryOverview,
  CategoryTree,
  KbArticle,
  KbCategory,
  KbSection,
} from '../types.js';

/** The built-in knowledge base's structure for the /docs pages: a category's sections and their articles. */

/** The slug of a section, the last part of its key (`tech-hub/getting-started` -> `getting-started`). */
export const sectionSlugOf = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

const articleColumns = {
  id: kbArticles.id,
  slug: kbArticles.slug,
  title: kbArticles.title,
  body: kbArticles.body,
  bodyText: kbArticles.bodyText,
  section: kbArticles.section,
  sectionId: kbArticles.sectionId,
  userSegmentId: kbArticles.userSegmentId,
  htmlUrl: kbArticles.htmlUrl,
  updatedAt: kbArticles.updatedAt,
};

/** A category's sections, by name. */
async function sectionsOf(db: Database, category: KbCategory): Promise<KbSection[]> {
  const rows = await db
    .select({ id: kbSections.id, name: kbSections.name, key: kbSections.key })
    .from(kbSections)
    .where(eq(kbSections.categoryId, category.id))
    .orderBy(asc(kbSections.name), asc(kbSections.id));
  return rows.map((row) => ({ id: row.id, name: row.name, slug: sectionSlugOf(row.key) }));
}

/** Sections by name, articles by title within each. */
export async function categoryTree(db: Database, category: KbCategory): Promise<CategoryTree> {
  const sections = await sectionsOf(db, category);
  const articles =
    sections.length === 0
      ? []
      : await db
          .select(articleColumns)
          .from(kbArticles)
          .where(
            inArray(
              kbArticles.sectionId,
              sections.map((section) => section.id),
            ),
          )
          .orderBy(asc(kbArticles.title), asc(kbArticles.id));
  return {
    category,
    sections: sections.map((section) => ({
      ...section,
      articles: articles.filter((article) => article.sectionId === section.id),
    })),
  };
}

const articleWhere = (idOrSlug: string) => {
  const id = asIntegerId(idOrSlug);
  return id !== undefined ? eq(kbArticles.id, id) : eq(kbArticles.slug, idOrSlug);
};

/** An article by numeric id or slug; NOT_FOUND otherwise. */
async function findArticle(db: Database, idOrSlug: string): Promise<KbArticle> {
  const [row] = await db.select(articleColumns).from(kbArticles).where(articleWhere(idOrSlug)).limit(1);
  if (!row) throw new ServiceError('NOT_FOUND', 'No such article.');
  return row;
}

/** An article's id by numeric id or slug; NOT_FOUND otherwise. */
export async function findArticleId(db: Database, idOrSlug: string): Promise<number> {
  const [row] = await db
    .select({ id: kbArticles.id })
    .from(kbArticles)
    .where(articleWhere(idOrSlug))
    .limit(1);
  if (!row) throw new ServiceError('NOT_FOUND', 'No such article.');
  return row.id;
}

/** How many related articles an article's page lists. */
export const RELATED_ARTICLES = 5;

/** An article with what its page shows around it: its section's slug and related articles; NOT_FOUND otherwise. */
export async function articlePage(db: Database, idOrSlug: string): Promise<ArticlePage> {
  const article = await findArticle(db, idOrSlug);
  if (article.sectionId === null) return { article, sectionSlug: null, related: [] };
  const [section, related] = await Promise.all([
    db.select({ key: kbSections.key }).from(kbSections).where(eq(kbSections.id, article.sectionId)).limit(1),
    db
      .select({ id: kbArticles.id, title: kbArticles.title, htmlUrl: kbArticles.htmlUrl })
      .from(kbArticles)
      .where(and(eq(kbArticles.sectionId, article.sectionId), ne(kbArticles.id, article.id)))
      .orderBy(desc(kbArticles.viewCount), asc(kbArticles.title), asc(kbArticles.id))
      .limit(RELATED_ARTICLES),
  ]);
  const key = section[0]?.key;
  return { article, sectionSlug: key === undefined ? null : sectionSlugOf(key), related };
}

/**
 * The home of a category (the Tech Hub's landing): its sections with their article counts, and its `limit`
 * most viewed and most recently updated articles. Ties are broken by id, so every instance lists alike.
 */
export async function categoryOverview(
  db: Database,
  category: KbCategory,
  limit: number,
): Promise<CategoryOverview> {
  const sections = await sectionsOf(db, category);
  const sectionIds = sections.map((section) => section.id);
  if (sectionIds.length === 0) return { category, sections: [], mostViewed: [], recentlyUpdated: [] };
  const inCategory = inArray(kbArticles.sectionId, sectionIds);
  const summary = {
    id: kbArticles.id,
    title: kbArticles.title,
    htmlUrl: kbArticles.htmlUrl,
    userSegmentId: kbArticles.userSegmentId,
    sectionId: kbArticles.sectionId,
    updatedAt: kbArticles.updatedAt,
  };
  const [counts, mostViewed, recentlyUpdated] = await Promise.all([
    db
      .select({ sectionId: kbArticles.sectionId, n: count() })
      .from(kbArticles)
      .where(inCategory)
      .groupBy(kbArticles.sectionId),
    db
      .select(summary)
      .from(kbArticles)
      .where(inCategory)
      .orderBy(desc(kbArticles.viewCount), desc(kbArticles.id))
      .limit(limit),
    db
      .select(summary)
      .from(kbArticles)
      .where(inCategory)
      .orderBy(desc(kbArticles.updatedAt), desc(kbArticles.id))
      .limit(limit),
  ]);
  const byId = new Map(sections.map((section) => [section.id, section]));
  const summaries = (rows: typeof mostViewed): ArticleSummary[] =>
    rows.flatMap(({ sectionId, ...row }) => {
      const section = sectionId === null ? undefined : byId.get(sectionId);
      return section ? [{ ...row, section }] : [];
    });
  const countOf = new Map(counts.map((row) => [row.sectionId, Number(row.n)]));
  return {
    category,
    sections: sections.map((section) => ({ ...section, articleCount: countOf.get(section.id) ?? 0 })),
    mostViewed: summaries(mostViewed),
    recentlyUpdated: summaries(recentlyUpdated),
  };
}
