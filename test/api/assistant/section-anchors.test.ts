import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { docsPages } from '../../../src/server/connectors/docs/builtin/schema.js';
import { kbArticles } from '../../../src/server/connectors/knowledge-base/builtin/schema.js';
import { loadContent } from '../../../src/server/connectors/content-folder/load-content.js';
import { FIXTURE_CONTENT_DIR } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The assistant's links point at section ids of the rendered articles; rows stored by the renderer before it
 * gave headings ids are rendered again at the next content load, although their files did not change.
 */

const t = useTestApp();
const FILE = 'kb/tech-hub/upgrades/controller-upgrade-path.md';

it('re-renders stored articles that were rendered before headings had ids', async () => {
  const source = await readFile(path.join(FIXTURE_CONTENT_DIR, FILE), 'utf8');
  const [stored] = await t.app.db
    .select({ body: kbArticles.body })
    .from(kbArticles)
    .where(eq(kbArticles.sourcePath, FILE));
  expect(stored?.body).toContain('<h2 id="checklist">Checklist</h2>');

  // As the previous renderer stored it: no ids, and the hash of the file alone.
  await t.app.db
    .update(kbArticles)
    .set({
      body: stored?.body.replace(' id="checklist"', '') ?? '',
      contentHash: createHash('sha256').update(source).digest('hex'),
    })
    .where(eq(kbArticles.sourcePath, FILE));
  await t.app.db.update(docsPages).set({ body: '<h2>Old</h2>', contentHash: 'old' });

  await loadContent({ db: t.app.db, dir: FIXTURE_CONTENT_DIR });
  const [reloaded] = await t.app.db
    .select({ body: kbArticles.body })
    .from(kbArticles)
    .where(eq(kbArticles.sourcePath, FILE));
  expect(reloaded?.body).toContain('<h2 id="checklist">Checklist</h2>');
  const pages = await t.app.db.select({ body: docsPages.body }).from(docsPages);
  for (const page of pages) expect(page.body).toMatch(/<h\d id="[a-z0-9-]+">/);
});
