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
 * The regression guard of the assistant's quality bench (bench/assistant): its whole question set, against
 * the real content/, held to the bench's targets: 0.85 of the answerable questions with an answering passage
 * among the three shown, 0.8 of the others declined. (A third of the set, held lower, let a drop to 0.80 pass.)
 * The bench prints the same figures per kind of question; the failure message lists the misses.
 */
describe('assistant quality (the bench set, on the real content)', () => {
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
    for (const question of QUESTIONS) outcomes.push(await runQuestion(t.app, customer.headers, question));
    const misses = outcomes
      .filter((outcome) => !answered(outcome))
      .map((outcome) => `${outcome.question.kind}: ${outcome.question.ask} → ${outcome.shown.join(' | ')}`)
      .join('\n');
    const unanswerable = summarize(outcomes).find((row) => row.kind === 'unanswerable');
    expect(answerableSuccess(outcomes), misses).toBeGreaterThanOrEqual(0.85);
    expect(unanswerable?.success, misses).toBeGreaterThanOrEqual(0.8);
  }, 300_000);
});
