import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../../src/server/db/client.js';
import { readTermRarity } from '../../../src/server/services/assistant/term-rarity.js';
import { useTestApp } from '../../support/use-test-app.js';

describe("the help content's term rarity, from the connectors' termStats", () => {
  const t = useTestApp();

  it('counts what ts_stat over the three built-in tables counts', async () => {
    const { knowledgeBase, docs, community } = t.app.connectors;
    const rarity = await readTermRarity([knowledgeBase, docs, community]);
    const expected = await executeRows<{ word: string; items: number }>(
      t.database.db,
      sql`SELECT word, sum(ndoc)::int AS items FROM (
        SELECT word, ndoc FROM ts_stat('SELECT search FROM kb_articles')
        UNION ALL SELECT word, ndoc FROM ts_stat('SELECT search FROM docs_pages')
        UNION ALL SELECT word, ndoc FROM ts_stat('SELECT search FROM community_posts')
      ) AS stats GROUP BY word`,
    );
    const [count] = await executeRows<{ items: number | string }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM kb_articles) + (SELECT count(*) FROM docs_pages)
        + (SELECT count(*) FROM community_posts) AS items`,
    );
    expect(expected.length).toBeGreaterThan(10);
    expect(rarity.items).toBe(Number(count?.items));
    for (const row of expected) expect(rarity.itemsWith(row.word), row.word).toBe(Number(row.items));
  });
});
