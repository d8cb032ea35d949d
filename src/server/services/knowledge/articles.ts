import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { kbArticles, kbCategories, kbSections } from '../../db/schema.js';
import { ServiceError } from '../../lib/errors.js';

/** Knowledge base structure for the /docs page: a category's sections and their articles. */

export interface KbCategory {
  id: number;
  slug: string;
  name: string;
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

/** Largest value of a PostgreSQL `integer` (the id columns). */
const MAX_INTEGER_ID = 2_147_483_647;

/**
 * A numeric id when the value is one an id column can hold. Any other value, a 20-digit number included,
 * is looked up as a slug: it then finds nothing (404) instead of overflowing the integer comparison (500).
 */
function asIntegerId(idOrSlug: string): number | undefined {
  if (!/^\d{1,10}$/.test(idOrSlug)) return undefined;
  const id = Number(idOrSlug);
  return id <= MAX_INTEGER_ID ? id : undefined;
}

/** A category by numeric id or slug; NOT_FOUND otherwise. */
export async function findCategory(db: Database, idOrSlug: string): Promise<KbCategory> {
  const id = asIntegerId(idOrSlug);
  const where = id !== undefined ? eq(kbCategories.id, id) : eq(kbCategories.slug, idOrSlug);
  const [row] = await db
    .select({ id: kbCategories.id, slug: kbCategories.slug, name: kbCategories.name })
    .from(kbCategories)
    .where(where)
    .limit(1);
  if (!row) throw new ServiceError('NOT_FOUND', 'No such knowledge base category.');
  return row;
}

export interface CategoryTree {
  category: KbCategory;
  sections: { id: number; name: string; articles: KbArticle[] }[];
}

/** Sections by name, articles by title within each. */
export async function categoryTree(db: Database, category: KbCategory): Promise<CategoryTree> {
  const sections = await db
    .select({ id: kbSections.id, name: kbSections.name })
    .from(kbSections)
    .where(eq(kbSections.categoryId, category.id))
    .orderBy(asc(kbSections.name), asc(kbSections.id));
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

/** An article by numeric id or slug; NOT_FOUND otherwise. */
export async function findArticle(db: Database, idOrSlug: string): Promise<KbArticle> {
  const id = asIntegerId(idOrSlug);
  const where = id !== undefined ? eq(kbArticles.id, id) : eq(kbArticles.slug, idOrSlug);
  const [row] = await db.select(articleColumns).from(kbArticles).where(where).limit(1);
  if (!row) throw new ServiceError('NOT_FOUND', 'No such article.');
  return row;
}
