import type { Database } from '../../../db/client.js';
import { docsPages } from './schema.js';
import { deleteRowsGone, upsertOwnedRows } from '../../content-folder/owned-rows.js';
import type { ParsedContent } from '../../content-folder/read-content.js';

/** Documentation pages, keyed by file path. Answers the rows deleted because their file is gone. */
export async function syncDocs(db: Database, content: ParsedContent): Promise<number> {
  await upsertOwnedRows(db, docsPages, content.docs, {
    target: docsPages.sourcePath,
    changedWhen: [docsPages.contentHash],
  });
  const keep = [...content.docs.map((item) => item.sourcePath), ...content.broken];
  return deleteRowsGone(db, docsPages, docsPages.sourcePath, keep);
}
