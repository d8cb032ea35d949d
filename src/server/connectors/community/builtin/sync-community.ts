import type { Database } from '../../../db/client.js';
import { communityPosts } from './schema.js';
import { deleteRowsGone, upsertOwnedRows } from '../../content-folder/owned-rows.js';
import type { ParsedContent } from '../../content-folder/read-content.js';

/** Community posts, keyed by slug (a post may move to another file). Answers the rows deleted. */
export async function syncCommunity(db: Database, content: ParsedContent): Promise<number> {
  await upsertOwnedRows(db, communityPosts, content.community, {
    target: communityPosts.slug,
    changedWhen: [communityPosts.contentHash, communityPosts.sourcePath],
  });
  const keep = [...content.community.map((item) => item.sourcePath), ...content.broken];
  return deleteRowsGone(db, communityPosts, communityPosts.sourcePath, keep);
}
