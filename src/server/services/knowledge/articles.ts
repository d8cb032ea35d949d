import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { asIntegerId } from '../../lib/integer-id.js';
import type { KbCategory, KnowledgeBaseConnector } from '../../connectors/knowledge-base/types.js';
import type { Database } from '../../db/client.js';
import { kbArticles, kbSections } from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';

/** Knowledge base structure for the /docs page: a category's sections and their articles. */

/** What the knowledge service needs: every call takes it first, then the actor (when it has one), then its input. */
export interface KnowledgeOptions {
  db: Database;
  knowledgeBase: KnowledgeBaseConnector;
}

export interface KbArticle {
  id: number;
  slug: string;
  title: string;
  /** HTML. */
  body: string;
  bodyText: string;
  section: string;
  sectionId: number | null;
  userSegmentId: number | null;
  htmlUrl: string;
  updatedAt: Date;
}

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

/** A category by numeric id or slug (the knowledge base decides which its slugs are); NOT_FOUND otherwise. */
export async function findCategory(
  { knowledgeBase }: Pick<KnowledgeOptions, 'knowledgeBase'>,
  idOrSlug: string,
): Promise<KbCategory> {
  const category = await knowledgeBase.category(idOrSlug);
  if (!category) throw new ServiceError('NOT_FOUND', 'No such knowledge base category.');
  return category;
}

export interface KbSection {
  id: number;
  name: string;
  /** What `/docs?section=` names it by. */
  slug: string;
}

export interface CategoryTree {
  category: KbCategory;
  sections: (KbSection & { articles: KbArticle[] })[];
}

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
export async function categoryTree({ db }: KnowledgeOptions, category: KbCategory): Promise<CategoryTree> {
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
export async function findArticle({ db }: KnowledgeOptions, idOrSlug: string): Promise<KbArticle> {
  const [row] = await db.select(articleColumns).from(kbArticles).where(articleWhere(idOrSlug)).limit(1);
  if (!row) throw new ServiceError('NOT_FOUND', 'No such article.');
  return row;
}

/** An article's id by numeric id or slug; NOT_FOUND otherwise. */
export async function findArticleId({ db }: KnowledgeOptions, idOrSlug: string): Promise<number> {
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

export interface ArticlePage {
  article: KbArticle;
  /** The slug of its section, null when it has none. */
  sectionSlug: string | null;
  /** Other articles of its section, the most read first. */
  related: { id: number; title: string; htmlUrl: string }[];
}

/** An article with what its page shows around it: its section's slug and related articles; NOT_FOUND otherwise. */
export async function articlePage(options: KnowledgeOptions, idOrSlug: string): Promise<ArticlePage> {
  const { db } = options;
  const article = await findArticle(options, idOrSlug);
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

export interface ArticleSummary {
  id: number;
  title: string;
  htmlUrl: string;
  userSegmentId: number | null;
  section: KbSection;
  updatedAt: Date;
}

export interface CategoryOverview {
  category: KbCategory;
  sections: (KbSection & { articleCount: number })[];
  mostViewed: ArticleSummary[];
  recentlyUpdated: ArticleSummary[];
}

/**
 * The home of a category (the Tech Hub's landing): its sections with their article counts, and its `limit`
 * most viewed and most recently updated articles. Ties are broken by id, so every instance lists alike.
 */
export async function categoryOverview(
  { db }: KnowledgeOptions,
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
