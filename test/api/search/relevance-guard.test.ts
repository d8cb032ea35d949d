import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  answerableNoResult,
  runQuery,
  summarize,
  type QueryOutcome,
} from '../../../bench/search-relevance/evaluate.js';
import { QUERIES } from '../../../bench/search-relevance/queries.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The fast regression guard of the relevance bench (bench/search-relevance): every third query of its set,
 * against the real content/, must keep the targets. The bench runs all of them and prints the misses.
 */
const CONTENT_DIR = fileURLToPath(new URL('../../../content', import.meta.url));
const SUBSET = QUERIES.filter((_query, index) => index % 3 === 0);

describe('search relevance (a third of the bench set, on the real content)', () => {
  const t = useTestApp({ contentDir: path.resolve(CONTENT_DIR), accounts: false });

  it('paraphrases, misspellings and questions find what answers them; nonsense finds nothing', async () => {
    const outcomes: QueryOutcome[] = [];
    for (const query of SUBSET) outcomes.push(await runQuery(t.app, query));
    const byKind = Object.fromEntries(summarize(outcomes).map((row) => [row.kind, row]));
    const misses = outcomes
      .filter((o) => (o.query.kind === 'nonsense' ? o.total > 0 : o.rank === null || o.rank > 3))
      .map((o) => `${o.query.kind}: ${o.query.query}`);
    expect(byKind.paraphrase?.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(byKind.misspelling?.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(0.85);
    expect(byKind.question?.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(0.8);
    expect(byKind.nonsense?.successAt3, misses.join('\n')).toBe(1);
    expect(answerableNoResult(outcomes)).toBeLessThanOrEqual(0.03);
  }, 60_000);
});
