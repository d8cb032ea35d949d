import { stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { refreshSearchWords } from '../search/search-words.js';
import { readContent, type ContentProblem } from './read-content.js';
import { syncCommunity } from './sync-community.js';
import { syncDocs } from './sync-docs.js';
import { syncKb } from './sync-kb.js';


/**
 * The built-in content loader: reads the content folder (read-content.ts) and brings the knowledge base,
 * documentation and community tables in line with it, one sync per source. Rows are upserted by slug (KB,
 * community) or file path (docs) and rows whose file is gone are deleted; only rows the loader owns
 * (`source_path` set) are ever deleted. One load runs at a time across every instance (a transaction-scoped
 * advisory lock), and an unchanged file is not written again.
 */

const CONTENT_LOCK_KEY = 7_354_120_002;

export interface ContentLoadResult {
  kbArticles: number;
  docsPages: number;
  communityPosts: number;
  /** Rows removed because their file is gone. */
  deleted: number;
  problems: ContentProblem[];
}

export interface LoadContentOptions {
  db: Database;
  dir: string;
}

/**
 * Loads `dir` into the database. A missing folder loads nothing and deletes nothing (a wrong CONTENT_DIR
 * must not unpublish everything); it is reported as a problem.
 */
export async function loadContent(options: LoadContentOptions): Promise<ContentLoadResult> {
  const dir = path.resolve(options.dir);
  const exists = await stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!exists) {
    return {
      kbArticles: 0,
      docsPages: 0,
      communityPosts: 0,
      deleted: 0,
      problems: [{ file: dir, message: 'content folder not found; nothing loaded' }],
    };
  }
  const content = await readContent(dir);
  const deleted = await options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK_KEY})`);
    const removed =
      (await syncKb(tx, content)) + (await syncDocs(tx, content)) + (await syncCommunity(tx, content));
    // Under the same lock and in the same transaction: the word list always matches the titles.
    await refreshSearchWords(tx);
    return removed;
  });
  return {
    kbArticles: content.kb.length,
    docsPages: content.docs.length,
    communityPosts: content.community.length,
    deleted,
    problems: content.problems,
  };
}
