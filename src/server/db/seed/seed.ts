import type { Database } from '../client.js';
import { kbArticles } from '../schema.js';
import { demoKbArticles } from './kb-articles.js';

/** Where an article opens in the portal: the Tech Hub page selects it by slug. */
export function kbArticleUrl(slug: string): string {
  return `/docs?article=${encodeURIComponent(slug)}`;
}

export interface SeedResult {
  kbArticlesInserted: number;
}

/**
 * Inserts the demo content. Idempotent and safe when several instances start at once: rows are keyed by
 * slug and an existing row is left alone, so edits made on a running portal survive restarts.
 */
export async function seedDemoData(db: Database): Promise<SeedResult> {
  const inserted = await db
    .insert(kbArticles)
    .values(
      demoKbArticles.map((article) => ({
        slug: article.slug,
        title: article.title,
        body: article.body,
        section: article.section,
        htmlUrl: kbArticleUrl(article.slug),
        viewCount: article.viewCount,
        createdAt: new Date(article.createdAt),
        updatedAt: new Date(article.updatedAt),
      })),
    )
    .onConflictDoNothing({ target: kbArticles.slug })
    .returning({ id: kbArticles.id });
  return { kbArticlesInserted: inserted.length };
}
