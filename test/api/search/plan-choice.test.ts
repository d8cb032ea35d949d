import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_FULLTEXT } from '../../../src/server/connectors/community/builtin/community.js';
import { executePreparedRows, executeRows } from '../../../src/server/db/client.js';
import { communityPosts } from '../../../src/server/connectors/community/builtin/schema.js';
import type { LexemeStats } from '../../../src/server/lib/fulltext/common-lexemes.js';
import { matchPlanOf, partialPlanOf } from '../../../src/server/lib/fulltext/plan-choice.js';
import {
  NO_SYNONYMS,
  parseQuery,
  synonymIndex,
  titleTermsText,
  allTermsText,
} from '../../../src/server/lib/fulltext/query-terms.js';
import { textQueryOf } from '../../../src/server/lib/fulltext/fulltext-search.js';
import {
  searchStatement,
  type MatchPlan,
  type TextQuery,
} from '../../../src/server/lib/fulltext/statements.js';
import { NARROWING_WORDS, NOISE_WORDS, STOP_WORDS } from '../../../src/server/lib/fulltext/stop-words.js';
import { SEARCH_CONFIG } from '../../../src/server/db/search-columns.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';

/** Statistics of a 10,000-row table in which each listed lexeme is in that many rows. */
function statsOf(rows: Record<string, number>): LexemeStats {
  const known = new Map(Object.entries(rows));
  return {
    has: (lexeme) => (known.get(lexeme) ?? 0) >= 1000,
    rowsOf: (lexeme) => known.get(lexeme),
    rows: 10_000,
  };
}

describe('the index or a scan, chosen from the statistics', () => {
  const stats = statsOf({ gateway: 9000, transit: 6000, spoke: 2000, vpn: 500, client: 400, control: 3000 });
  const plan = (query: string, synonyms = NO_SYNONYMS) =>
    matchPlanOf(parseQuery(query, synonyms), stats, 200);

  it('scans for words so common that a few hundred rows hold the cap', () => {
    // 200 / 0.9 = 222 rows scanned, against 9,000 rows of posting list.
    expect(plan('gateway')).toBe('scan');
    // 200 / 0.54 = 370 rows, against 15,000.
    expect(plan('transit gateway')).toBe('scan');
    // A stop word matches every row (to_tsquery drops it) and has no posting list to read.
    expect(plan('the gateway')).toBe('scan');
  });

  it('takes the index for rarer words, and whenever the statistics do not know a word', () => {
    // 200 / 0.002 = 100,000 rows scanned, against 900.
    expect(plan('vpn client')).toBe('index');
    // 200 / 0.3 = 667 rows, each costing SCAN_ROW_COST (10) rows of posting list, against 3,000.
    expect(plan('controller')).toBe('index');
    // 200 / 0.2 = 1,000 rows, against 2,000; a stop word beside it adds no posting list to read.
    expect(plan('spoke')).toBe('index');
    expect(plan('the spoke')).toBe('index');
    expect(plan('gateway kraken')).toBe('index');
    expect(plan('"transit gateway"')).toBe('index');
    // Not a stop word to PostgreSQL, only to the partial match: a lexeme the statistics do not list.
    expect(STOP_WORDS.has('won')).toBe(true);
    expect(plan('won gateway')).toBe('index');
    expect(matchPlanOf(parseQuery('gateway', NO_SYNONYMS), { ...stats, rows: 0 }, 200)).toBe('index');
  });

  it('counts every spelling of a synonym group', () => {
    // vpn alone: 200 / 0.05 = 4,000 rows scanned; with the 9,000 rows of its synonym, 200 / 0.95.
    expect(plan('vpn')).toBe('index');
    expect(plan('vpn', synonymIndex([['vpn', 'gateway']]))).toBe('scan');
  });
});

describe('the plan of a partial match', () => {
  const stats = statsOf({ gateway: 9000, transit: 6000, spoke: 2000, vpn: 500, client: 400, control: 3000 });
  const plan = (query: string) => partialPlanOf(parseQuery(query, NO_SYNONYMS), stats, 200);

  it('scans when a common word makes the matches dense, whatever the rare words beside it', () => {
    // Two of three: 0.9 * 0.6 and more, about 0.55 of the rows; 364 rows scanned against 15,900 of postings.
    expect(plan('gateway transit vpn')).toBe('scan');
    // Two of four with words the statistics do not list: 0.54 still, against 15,000 rows of postings.
    expect(plan('transit gateway kraken wombat')).toBe('scan');
  });

  it('takes the index for rare words, identifiers, unknown words alone, and when a common word is excluded', () => {
    // Two of three: about 0.0007 of the rows, 2.9 million rows scanned against 2,900 of postings.
    expect(plan('vpn client spoke')).toBe('index');
    expect(plan('kraken wombat')).toBe('index');
    // Every identifier required: left to the index.
    expect(plan('gateway transit 7.2')).toBe('index');
    // The matches hold no "gateway": a tenth of 0.54.
    expect(plan('transit control -gateway')).toBe('index');
    expect(partialPlanOf(parseQuery('gateway transit', NO_SYNONYMS), { ...stats, rows: 0 }, 200)).toBe(
      'index',
    );
  });
});

describe('search statements on the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const rows = Array.from({ length: 1200 }, (_, index) => ({
      slug: `wombat-${index}`,
      title: index % 7 === 0 ? `Gateway burrow ${index}` : `Burrow ${index}`,
      author: 'tester',
      text: `Wombats dig under the gateway${index % 10 === 0 ? ' through a tunnel' : ''}.`,
      url: `https://community.acme.example/t/wombat-${index}`,
    }));
    for (let at = 0; at < rows.length; at += 400) {
      await database.db.insert(communityPosts).values(rows.slice(at, at + 400));
    }
    await database.db.execute(sql`analyze community_posts`);
  });
  afterAll(() => database.close());

  const statementOf = (typed: string, plan: MatchPlan, offset = 0) => {
    const parsed = parseQuery(typed, NO_SYNONYMS);
    return searchStatement(COMMUNITY_FULLTEXT, {
      query: { mode: 'all', text: allTermsText(parsed), title: titleTermsText(parsed) },
      limit: 10,
      offset,
      candidateLimit: 200,
      cap: 200,
      plan,
    });
  };

  it('indexes the stop words of the english configuration, which the query side sorts into noise and narrowing', async () => {
    const words = [...NOISE_WORDS, ...NARROWING_WORDS];
    const keptBy = (config: string) =>
      executeRows<{ word: string }>(
        database.db,
        sql`select w as word from unnest(string_to_array(${words.join(' ')}, ' ')) w where to_tsvector(${config}::regconfig, w) <> ''::tsvector`,
      );
    expect(await keptBy('english')).toEqual([]);
    expect((await keptBy(SEARCH_CONFIG)).map((row) => row.word)).toEqual(words);
    const lexemes = await executeRows<{ word: string }>(
      database.db,
      sql`select w as word from unnest(string_to_array('won would couldn', ' ')) w where to_tsvector(${SEARCH_CONFIG}::regconfig, w) <> ''::tsvector`,
    );
    expect(lexemes.map((row) => row.word)).toEqual(['won', 'would', 'couldn']);
  });

  it('finds the matches through the GIN index, or by a scan that cannot use it', async () => {
    // With sequential scans priced out, the planner takes the index wherever the statement lets it.
    const planOf = (plan: MatchPlan) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const [row] = await executeRows<{ 'QUERY PLAN': unknown }>(
          tx,
          sql`explain (format json) ${statementOf('gateway burrow', plan)}`,
        );
        return JSON.stringify(row?.['QUERY PLAN']);
      });
    expect(await planOf('index')).toContain('"Index Name":"community_posts_search_idx"');
    const scan = await planOf('scan');
    expect(scan).not.toContain('community_posts_search_idx');
    expect(scan).toContain('"Relation Name":"community_posts","Alias":"t_1"');
    expect(scan).toContain('"Node Type":"Seq Scan"');
  });

  it('answers the same page and count both ways, run after run of the prepared statement', async () => {
    for (const typed of ['gateway burrow', 'tunnel', 'wombat gateway', 'kraken']) {
      const answers = [];
      // More than five runs: after five, PostgreSQL may switch a prepared statement to its generic plan.
      for (let run = 0; run < 7; run += 1) {
        for (const plan of ['index', 'scan'] as const) {
          answers.push(
            await executePreparedRows(database.db, statementOf(typed, plan, run % 2 === 0 ? 0 : 10)),
          );
        }
      }
      // Runs alternate between page 1 and page 2; each run asks both ways.
      const [first, , second] = answers;
      expect(first?.length, typed).toBe(typed === 'kraken' ? 1 : 10);
      if (typed !== 'kraken') expect(second, typed).not.toEqual(first);
      for (const [index, answer] of answers.entries()) {
        expect(answer, `${typed}, answer ${index}`).toEqual(index % 4 < 2 ? first : second);
      }
    }
  });

  const partialOf = (typed: string): TextQuery => {
    const query = textQueryOf(typed, 'any', NO_SYNONYMS);
    if (!query) throw new Error(`no partial match of ${typed}`);
    return query;
  };
  const partialStatementOf = (typed: string, plan: MatchPlan, offset = 0) =>
    searchStatement(COMMUNITY_FULLTEXT, {
      query: partialOf(typed),
      limit: 10,
      offset,
      candidateLimit: 200,
      cap: 200,
      plan,
    });

  it('answers the same partial match both ways, prepared, whatever the number of its words', async () => {
    for (const typed of ['gateway tunnel kraken', 'burrow tunnel wombats gateway dig', 'kraken quokka']) {
      const answers = [];
      for (let run = 0; run < 7; run += 1) {
        for (const plan of ['index', 'scan'] as const) {
          answers.push(await executePreparedRows(database.db, partialStatementOf(typed, plan)));
        }
      }
      const [first] = answers;
      expect(first?.length, typed).toBe(typed === 'kraken quokka' ? 1 : 10);
      for (const answer of answers) expect(answer, typed).toEqual(first);
    }
  });

  interface PlanNode {
    'Subplan Name'?: string;
    'Actual Loops': number;
    Plans?: PlanNode[];
  }
  /** How many times EXPLAIN ANALYZE ran the plan node of this name. */
  const loopsOf = async (statement: SQL, name: string): Promise<number | undefined> => {
    const [explained] = await executeRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      database.db,
      sql`explain (analyze, format json) ${statement}`,
    );
    const find = (node: PlanNode): PlanNode | undefined =>
      node['Subplan Name'] === name ? node : (node.Plans ?? []).map(find).find(Boolean);
    const root = explained?.['QUERY PLAN'][0].Plan;
    return root && find(root)?.['Actual Loops'];
  };

  /** The full match with its partial match, in one statement; the rows without the columns that mark them. */
  const combinedOf = async (typed: string, below: number) => {
    const parsed = parseQuery(typed, NO_SYNONYMS);
    const statement = searchStatement(COMMUNITY_FULLTEXT, {
      query: { mode: 'all', text: allTermsText(parsed), title: titleTermsText(parsed) },
      limit: 10,
      offset: 0,
      candidateLimit: 200,
      cap: 200,
      plan: 'index',
      partial: { query: partialOf(typed), plan: 'scan', below },
    });
    const rows = await executePreparedRows<Record<string, unknown>>(database.db, statement);
    const strip = (part: boolean) =>
      rows
        .filter((row) => row.partial === part)
        .map(({ partial: _partial, match_rank: _rank, ...row }) => row);
    return { full: strip(false), partial: strip(true), statement };
  };

  it('answers the partial match with the full match, as its own statement would, only below the threshold', async () => {
    // "gateway tunnel kraken": nothing holds all three; 120 posts hold two of them.
    const few = await combinedOf('gateway tunnel kraken', 3);
    expect(few.full).toEqual(
      await executePreparedRows(database.db, statementOf('gateway tunnel kraken', 'index')),
    );
    expect(few.partial).toEqual(
      await executePreparedRows(database.db, partialStatementOf('gateway tunnel kraken', 'scan')),
    );
    expect(few.partial[0]).toMatchObject({ total: 120 });
    // "gateway burrow": 172 posts hold both, more than the threshold: the partial match is not run at all.
    const many = await combinedOf('gateway burrow', 3);
    expect(many.full).toEqual(await executePreparedRows(database.db, statementOf('gateway burrow', 'index')));
    expect(many.partial).toEqual([]);
    // The partial match's common table expression never ran; below the threshold it did.
    expect(await loopsOf(many.statement, 'CTE partial_matched')).toBe(0);
    expect(await loopsOf(few.statement, 'CTE partial_matched')).toBe(1);
  });
});
