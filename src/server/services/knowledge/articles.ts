import type {
  ArticlePage,
  CategoryOverview,
  CategoryTree,
  KbCategory,
  KnowledgeBaseConnector,
} from '../../connectors/knowledge-base/types.js';
import type { Database } from '../../db/client.js';
import { ServiceError } from '../../lib/errors.js';

/** Knowledge base structure for the /docs pages, as the knowledge base connector answers it. */

/** What the knowledge service needs: every call takes it first, then the actor (when it has one), then its input. */
export interface KnowledgeOptions {
  db: Database;
  knowledgeBase: KnowledgeBaseConnector;
}

type WithKnowledgeBase = Pick<KnowledgeOptions, 'knowledgeBase'>;

/** A category by numeric id or slug (the knowledge base decides which its slugs are); NOT_FOUND otherwise. */
export async function findCategory(
  { knowledgeBase }: WithKnowledgeBase,
  idOrSlug: string,
): Promise<KbCategory> {
  const category = await knowledgeBase.category(idOrSlug);
  if (!category) throw new ServiceError('NOT_FOUND', 'No such knowledge base category.');
  return category;
}

/** Sections by name, articles by title within each. */
export const categoryTree = (
  { knowledgeBase }: WithKnowledgeBase,
  category: KbCategory,
): Promise<CategoryTree> => knowledgeBase.categoryTree(category);

/** An article with what its page shows around it: its section's slug and related articles; NOT_FOUND otherwise. */
export const articlePage = ({ knowledgeBase }: WithKnowledgeBase, idOrSlug: string): Promise<ArticlePage> =>
  knowledgeBase.articlePage(idOrSlug);

/** The home of a category (the Tech Hub's landing); see `KnowledgeBaseConnector.categoryOverview`. */
export const categoryOverview = (
  { knowledgeBase }: WithKnowledgeBase,
  category: KbCategory,
  limit: number,
): Promise<CategoryOverview> => knowledgeBase.categoryOverview(category, limit);

/** An article's id by numeric id or slug; NOT_FOUND otherwise. */
export const findArticleId = ({ knowledgeBase }: WithKnowledgeBase, idOrSlug: string): Promise<number> =>
  knowledgeBase.articleId(idOrSlug);
