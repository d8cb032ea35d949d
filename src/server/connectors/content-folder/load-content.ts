import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import type { ContentSource } from '../content-feed.js';
import { lockContent } from '../content-sync.js';
import { readContent, type ContentProblem } from './read-content.js';
import { syncCommunity } from '../community/builtin/sync-community.js';
import { syncDocs } from '../docs/builtin/sync-docs.js';
import { syncKb } from '../knowledge-base/builtin/sync-kb.js';

/**
 * The built-in content loader: reads the content folder (read-content.ts) and brings the knowledge base,
 * documentation and community tables in line with it, one sync per source. Rows are upserted by slug (KB,
 * community) or file path (docs) and rows whose file is gone are deleted; only rows the loader owns
 * (`source_path` set) are ever deleted. One load runs at a time across every instance (a transaction-scoped
 * advisory lock), and an unchanged file is not written again. What depends on the content (the search caches,
 * the 'Did you mean' word list) is brought up to date by `app.contentLoaded()` after a load.
 */

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
  /** The sources the folder fills (default all): one whose content comes from a vendor's feed is left alone. */
  sources?: Readonly<Record<ContentSource, boolean>>;
}

/** The sources the content folder fills: each one whose vendor is off (the vendor's feed fills the others). */
export function folderSources(env: Pick<Env, 'vendors'>): Record<ContentSource, boolean> {
  return { kb: !env.vendors.zendesk, docs: !env.vendors.gitbook, community: !env.vendors.forumbee };
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
  const sources = options.sources ?? { kb: true, docs: true, community: true };
  const content = await readContent(dir);
  const deleted = await options.db.transaction(async (tx) => {
    await lockContent(tx);
    const removed =
      (sources.kb ? await syncKb(tx, content) : 0) +
      (sources.docs ? await syncDocs(tx, content) : 0) +
      (sources.community ? await syncCommunity(tx, content) : 0);
    return removed;
  });
  return {
    kbArticles: sources.kb ? content.kb.length : 0,
    docsPages: sources.docs ? content.docs.length : 0,
    communityPosts: sources.community ? content.community.length : 0,
    deleted,
    problems: content.problems,
  };
}
