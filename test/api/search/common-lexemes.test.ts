import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts } from '../../../src/server/connectors/community/builtin/schema.js';
import {
  COMMON_ROWS,
  commonLexemes,
  commonOf,
  type CommonLexemes,
} from '../../../src/server/lib/fulltext/common-lexemes.js';
import { textQueryOf } from '../../../src/server/lib/fulltext/fulltext-search.js';
import { NO_SYNONYMS } from '../../../src/server/lib/fulltext/query-terms.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';

describe('the last word typed, taken whole when it is a common lexeme', () => {
  it('keeps the prefix of a last word that is no common lexeme, and drops it for one that is', () => {
    expect(textQueryOf('vpn client', 'all', NO_SYNONYMS)?.text).toBe('vpn & client:*');
    expect(textQueryOf('vpn client', 'all', NO_SYNONYMS, new Set(['gateway']))?.text).toBe('vpn & client:*');
    // The set holds stems, as the vectors do: `clients` is the lexeme `client`.
    expect(textQueryOf('vpn clients', 'all', NO_SYNONYMS, new Set(['client']))?.text).toBe('vpn & clients');
    // Only the last word ever was a prefix; the partial match is built from the same terms.
    expect(textQueryOf('client vpn', 'all', NO_SYNONYMS, new Set(['client']))?.text).toBe('client & vpn:*');
    expect(textQueryOf('fix vpn client', 'any', NO_SYNONYMS, new Set(['client']))?.text).toBe(
      'fix | vpn | client',
    );
  });

  it('counts as common only the lexemes estimated in enough rows', () => {
    const common = commonOf({
      lexemes: ['gateway', 'spoke', 'kraken'],
      // One share per lexeme, then minimum, maximum and null share; a driver may hand them as strings.
      shares: [0.5, '0.2', 0.001, 0.001, 0.5, 0],
      rows: 10_000,
    });
    expect(common.has('gateway')).toBe(true);
    expect(common.has('spoke')).toBe(true);
    expect(common.has('kraken')).toBe(false);
    // Every listed lexeme keeps its estimated rows, for the choice between index and scan (plan-choice.ts).
    expect(common.rowsOf('spoke')).toBe(2000);
    expect(common.rowsOf('kraken')).toBe(10);
    expect(common.rowsOf('wombat')).toBeUndefined();
    expect(common.rows).toBe(10_000);
    expect(commonOf({ lexemes: null, shares: null, rows: 0 }).has('gateway')).toBe(false);
  });
});

describe('common lexemes read from the statistics of the database', () => {
  let database: TestDatabase;
  let clock = 0;
  let lexemes: CommonLexemes;
  beforeAll(async () => {
    database = await createTestDatabase();
    lexemes = commonLexemes(database.db, () => clock);
    const rows = Array.from({ length: COMMON_ROWS + 100 }, (_, index) => ({
      slug: `wombat-${index}`,
      title: `Burrow ${index}`,
      author: 'tester',
      // Every row has `wombat`; one in ten also the rarer `tunnel`.
      text: `Wombats dig under the gateway${index % 10 === 0 ? ' through a tunnel' : ''}.`,
      url: `https://community.acme.example/t/wombat-${index}`,
    }));
    for (let at = 0; at < rows.length; at += 500) {
      await database.db.insert(communityPosts).values(rows.slice(at, at + 500));
    }
  });
  afterAll(() => database.close());

  it('has none for a table never analysed, then the common ones once read again after an ANALYZE', async () => {
    // PGlite runs no autovacuum, and a PostgreSQL server has not analysed the new rows yet.
    expect((await lexemes.of('community_posts', 'search')).has('wombat')).toBe(false);
    await database.db.execute(sql`analyze community_posts`);
    // The first read is kept for a while: statistics change only when the table is analysed again.
    expect((await lexemes.of('community_posts', 'search')).has('wombat')).toBe(false);
    clock += 11 * 60_000;
    const common = await lexemes.of('community_posts', 'search');
    expect(common.has('wombat')).toBe(true);
    expect(common.rows).toBe(COMMON_ROWS + 100);
    expect(common.rowsOf('wombat')).toBe(COMMON_ROWS + 100);
    expect(common.has('gateway')).toBe(true);
    // In about 110 rows: too few to be taken whole.
    expect(common.has('tunnel')).toBe(false);
    expect((await lexemes.of('kb_articles', 'search')).has('wombat')).toBe(false);
  });
});
