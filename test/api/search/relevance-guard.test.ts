import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  answerableNoResult,
  isMiss,
  runQuery,
  summarize,
  type QueryOutcome,
} from '../../../bench/search-relevance/evaluate.js';
import { HELD_OUT_QUERIES } from '../../../bench/search-relevance/held-out-queries.js';
import { TUNING_QUERIES } from '../../../bench/search-relevance/queries.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The fast regression guard of the relevance bench (bench/search-relevance), against the real content/:
 * - every third query of the tuning set (the set search was tuned with) must keep the targets, its
 *   off-topic queries finding nothing;
 * - the whole held-out set (never used to tune) must stay above floors set a few points below its first
 *   measurement (2026-11-27). Those floors only catch regressions; they are not the targets. How search does
 *   against the targets on queries it was not tuned for is what the bench reports (bench/README.md).
 * The bench runs both sets in full and prints the misses.
 */
const CONTENT_DIR = fileURLToPath(new URL('../../../content', import.meta.url));
const SUBSET = TUNING_QUERIES.filter((_query, index) => index % 3 === 0);

describe('search relevance (the bench sets, on the real content)', () => {
  const t = useTestApp({ contentDir: path.resolve(CONTENT_DIR), accounts: false });

  it('tuning set, a third: paraphrases, misspellings and questions find what answers them; nonsense finds nothing', async () => {
    const outcomes: QueryOutcome[] = [];
    for (const query of SUBSET) outcomes.push(await runQuery(t.app, query));
    const byKind = Object.fromEntries(summarize(outcomes).map((row) => [row.kind, row]));
    const misses = outcomes.filter(isMiss).map((o) => `${o.query.kind}: ${o.query.query}`);
    expect(byKind.paraphrase?.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(byKind.misspelling?.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(0.85);
    expect(byKind.question?.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(0.8);
    expect(byKind.nonsense?.successAt3, misses.join('\n')).toBe(1);
    // Off-topic questions (another product's name among words the content holds) find nothing.
    expect(summarize(outcomes, ['off-topic'])[0]?.successAt3, misses.join('\n')).toBe(1);
    expect(answerableNoResult(outcomes)).toBeLessThanOrEqual(0.03);
  }, 60_000);

  it('held-out set: no regression below the floors of its first measurement', async () => {
    const outcomes: QueryOutcome[] = [];
    for (const query of HELD_OUT_QUERIES) outcomes.push(await runQuery(t.app, query));
    const byKind = Object.fromEntries(summarize(outcomes).map((row) => [row.kind, row]));
    const misses = outcomes.filter(isMiss).map((o) => `${o.query.kind}: ${o.query.query}`);
    // Measured 2026-11-27 (PGlite and PostgreSQL alike): 1.00, 0.90, 0.67, 1.00, 1.5 % with no result.
    expect(byKind.paraphrase?.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(byKind.misspelling?.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(0.85);
    expect(byKind.question?.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(0.6);
    expect(byKind.nonsense?.successAt3, misses.join('\n')).toBe(1);
    expect(answerableNoResult(outcomes)).toBeLessThanOrEqual(0.05);
  }, 60_000);
});
