import { createHash } from 'node:crypto';
import { htmlToPlainText } from '../../../../common/snippet.js';
import type { Database } from '../../../db/client.js';
import type { FeedDocsPage, FeedPass } from '../../content-feed.js';
import { markdownBlocks, MARKDOWN_RENDERER_VERSION, renderMarkdown } from '../../content-folder/markdown.js';
import { upsertOwnedRows } from '../../content-folder/owned-rows.js';
import { removeFeedRows } from '../../feed-rows.js';
import { docsPages } from './schema.js';

/**
 * A documentation feed's pass (GitBook's pages as Markdown) written into `docs_pages`, rendered and cut into
 * blocks as the content folder's pages are (raw HTML in the Markdown is escaped, links kept to safe schemes).
 */
export async function storePagesPass(
  tx: Database,
  pass: FeedPass<FeedDocsPage>,
): Promise<{ written: number; removed: number }> {
  const written = await upsertOwnedRows(
    tx,
    docsPages,
    pass.items.map((page) => {
      const body = renderMarkdown(page.markdown);
      return {
        externalId: page.externalId,
        title: page.title,
        domain: page.domain,
        path: page.path,
        body,
        bodyText: htmlToPlainText(body),
        blocks: markdownBlocks(page.markdown),
        updatedAt: page.updatedAt,
        contentHash: createHash('sha256')
          .update(
            JSON.stringify([MARKDOWN_RENDERER_VERSION, page.title, page.domain, page.path, page.markdown]),
          )
          .digest('hex'),
      };
    }),
    { target: docsPages.externalId, changedWhen: [docsPages.contentHash] },
  );
  const removed = await removeFeedRows(
    tx,
    docsPages,
    { externalId: docsPages.externalId, sourcePath: docsPages.sourcePath },
    pass,
  );
  return { written, removed };
}
