import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { kbCategories } from '../../../db/schema/index.js';
import { asIntegerId } from '../../../lib/integer-id.js';
import type { KnowledgeBaseConnector } from '../types.js';

/** The built-in's categories, by numeric id or by the slug of their folder (`content/kb/tech-hub/`). */
export function builtinCategory(db: Database): KnowledgeBaseConnector['category'] {
  return async (idOrSlug) => {
    const id = asIntegerId(idOrSlug);
    const [row] = await db
      .select({ id: kbCategories.id, slug: kbCategories.slug, name: kbCategories.name })
      .from(kbCategories)
      .where(id !== undefined ? eq(kbCategories.id, id) : eq(kbCategories.slug, idOrSlug))
      .limit(1);
    return row;
  };
}
