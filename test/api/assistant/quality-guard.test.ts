import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerableSuccess,
  answered,
  runQuestion,
  summarize,
  type QuestionOutcome,
} from '../../../bench/assistant/evaluate.js';
import { QUESTIONS } from '../../../bench/assistant/questions.js';
import { callerOf, type Caller } from '../../support/callers.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The fast regression guard of the assistant's quality bench (bench/assistant): every third question of its
 * set, against the real content/. The bench holds the targets on the whole set (0.85 of the answerable
 * questions with an answering passage among the three shown, 0.8 of the others declined); this third measured
 * 0.84 (46 of 55) and 0.86 (12 of 14) when it was written, so it is held a little below: two answerable
 * questions fewer, or one declined fewer, still pass; more fails.
 * The bench runs all of them and prints the misses.
 */
const SUBSET = QUESTIONS.filter((_question, index) => index % 3 === 0);

describe('assistant quality (a third of the bench set, on the real content)', () => {
  const t = useTestApp({
    contentDir: path.resolve('content'),
    env: { RATE_LIMIT_ASSISTANT_PER_MINUTE: '10000' },
  });
  let customer: Caller;
  beforeAll(async () => {
    customer = await callerOf(t.app, 'customer');
  });

  it('shows an answering passage for answerable questions and declines the others', async () => {
    const outcomes: QuestionOutcome[] = [];
    for (const question of SUBSET) outcomes.push(await runQuestion(t.app, customer.headers, question));
    const misses = outcomes
      .filter((outcome) => !answered(outcome))
      .map((outcome) => `${outcome.question.kind}: ${outcome.question.ask} → ${outcome.shown.join(' | ')}`)
      .join('\n');
    const unanswerable = summarize(outcomes).find((row) => row.kind === 'unanswerable');
    expect(answerableSuccess(outcomes), misses).toBeGreaterThanOrEqual(0.8);
    expect(unanswerable?.success, misses).toBeGreaterThanOrEqual(0.78);
  }, 120_000);
});
