import { createHash } from 'node:crypto';
import type { Database } from '../../../db/client.js';
import type { FeedPass, FeedPost } from '../../content-feed.js';
import { upsertOwnedRows } from '../../content-folder/owned-rows.js';
import { feedSlug, removeFeedRows } from '../../feed-rows.js';
import { communityPosts } from './schema.js';

/** A community feed's pass (Forumbee's topics) written into `community_posts`, keyed by the vendor's id. */
export async function storePostsPass(
  tx: Database,
  pass: FeedPass<FeedPost>,
): Promise<{ written: number; removed: number }> {
  const written = await upsertOwnedRows(
    tx,
    communityPosts,
    pass.items.map((post) => ({
      externalId: post.externalId,
      slug: feedSlug(post.title, post.externalId),
      title: post.title,
      author: post.author,
      text: post.text,
      url: post.url,
      replies: post.replies,
      createdAt: post.createdAt,
      contentHash: createHash('sha256')
        .update(JSON.stringify([post.title, post.author, post.text, post.url, post.replies, post.createdAt]))
        .digest('hex'),
    })),
    { target: communityPosts.externalId, changedWhen: [communityPosts.contentHash] },
  );
  const removed = await removeFeedRows(
    tx,
    communityPosts,
    { externalId: communityPosts.externalId, sourcePath: communityPosts.sourcePath },
    pass,
  );
  return { written, removed };
}
