import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { kbCategories } from './schema.js';
import { asIntegerId } from '../../../lib/integer-id.js';
import type { KnowledgeBaseConnector } from '../types.js';

/** The slug `/docs` asks for: the built-in's Tech Hub folder (`content/kb/tech-hub/`). */
const TECH_HUB_SLUG = 'tech-hub';

/**
 * Categories by numeric id or slug (the folder's, `content/kb/tech-hub/`, or a synced one's). With
 * `techHubExternalId`, `tech-hub` names the vendor's category of that id (its categories have no slug the
 * portal chose).
 */
export function builtinCategory(
  db: Database,
  techHubExternalId?: string,
): KnowledgeBaseConnector['category'] {
  return async (idOrSlug) => {
    const id = asIntegerId(idOrSlug);
    const where =
      id !== undefined
        ? eq(kbCategories.id, id)
        : techHubExternalId !== undefined && idOrSlug === TECH_HUB_SLUG
          ? eq(kbCategories.externalId, techHubExternalId)
          : eq(kbCategories.slug, idOrSlug);
    const [row] = await db
      .select({ id: kbCategories.id, slug: kbCategories.slug, name: kbCategories.name })
      .from(kbCategories)
      .where(where)
      .limit(1);
    return row;
  };
}
