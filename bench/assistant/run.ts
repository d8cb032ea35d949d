// The assistant's quality bench: `node --import tsx bench/assistant/run.ts` on PGlite, and with
// `BENCH_DATABASE_URL=postgres://...` on PostgreSQL (bench/support/content-app.ts). Asks every question of the
// three sets as a signed-in customer: the tuning set (questions.ts, on which the assistant's settings were
// chosen), the held-out set (held-out-questions.ts, never used to choose anything) and the fresh set
// (fresh-questions.ts, never used either). Prints, per kind, the share answered (an answering passage among the
// three shown; for unanswerable questions, the assistant saying it is not confident), the three sets side by
// side, then the misses of each set. bench/README.md keeps the figures.
import { createCustomer, sessionCookie } from '../../test/support/factories';
import { openContentApp } from '../support/content-app';
import {
  answerableSuccess,
  answered,
  CLASSIC_KINDS,
  FRESH_KINDS,
  runQuestion,
  summarize,
  type KindSummary,
  type QuestionOutcome,
} from './evaluate';
import { FRESH_QUESTIONS } from './fresh-questions';
import { HELD_OUT_QUESTIONS } from './held-out-questions';
import { TUNING_QUESTIONS, type BenchQuestion, type QuestionKind } from './questions';

const t = await openContentApp({ RATE_LIMIT_ASSISTANT_PER_MINUTE: '10000' });
try {
  const customer = await createCustomer(t.app);
  const { cookie } = await sessionCookie(t.app, { id: customer.id, role: 'customer' });
  const askAll = async (questions: readonly BenchQuestion[]) => {
    const outcomes: QuestionOutcome[] = [];
    for (const question of questions) outcomes.push(await runQuestion(t.app, { cookie }, question));
    return outcomes;
  };
  const tuning = await askAll(TUNING_QUESTIONS);
  const heldOut = await askAll(HELD_OUT_QUESTIONS);
  const fresh = await askAll(FRESH_QUESTIONS);

  const pct = (value: number) => `${(value * 100).toFixed(0)} %`;
  console.log(
    `assistant quality on ${t.database} over content/: tuning set ${TUNING_QUESTIONS.length} questions, held-out set ${HELD_OUT_QUESTIONS.length}, fresh set ${FRESH_QUESTIONS.length}\n`,
  );
  console.log("Each cell: tuning / held-out / fresh ('-': the set has no question of that kind).\n");
  console.log('| kind         | questions    | answered            | not confident       |');
  console.log('| ------------ | ------------ | ------------------- | ------------------- |');
  const kinds = [...new Set<QuestionKind>([...CLASSIC_KINDS, ...FRESH_KINDS])];
  const sets = [
    summarize(tuning, [...CLASSIC_KINDS, 'release']),
    summarize(heldOut, CLASSIC_KINDS),
    summarize(fresh, FRESH_KINDS),
  ];
  for (const kind of kinds) {
    const rows = sets.map((set) => set.find((row) => row.kind === kind && row.questions > 0));
    const cell = (value: (row: KindSummary) => string, width: number) =>
      rows
        .map((row) => (row ? value(row) : '-'))
        .join(' / ')
        .padStart(width);
    console.log(
      `| ${kind.padEnd(12)} | ${cell((row) => String(row.questions), 12)} | ${cell((row) => pct(row.success), 19)} | ${cell((row) => pct(row.notConfident), 19)} |`,
    );
  }
  const declined = (outcomes: readonly QuestionOutcome[]) =>
    summarize(outcomes).find((row) => row.kind === 'unanswerable')?.success ?? 0;
  console.log(
    `\nanswerable questions with an answering passage in the three shown: tuning ${answerableSuccess(tuning).toFixed(2)}, held-out ${answerableSuccess(heldOut).toFixed(2)} (target 0.85), fresh ${answerableSuccess(fresh).toFixed(2)} (target 0.9)`,
  );
  console.log(
    `unanswerable questions where the assistant is not confident: tuning ${declined(tuning).toFixed(2)}, held-out ${declined(heldOut).toFixed(2)} (target 0.8), fresh ${declined(fresh).toFixed(2)} (target 0.9)`,
  );
  const printMisses = (label: string, outcomes: readonly QuestionOutcome[]) => {
    const misses = outcomes.filter((outcome) => !answered(outcome));
    console.log(`\n${label} set: ${misses.length} misses (kind, confident, question → titles shown):`);
    for (const miss of misses) {
      console.log(
        `  ${miss.question.kind.padEnd(12)} ${miss.confident ? 'yes' : 'no '}  ${miss.question.ask}`,
      );
      for (const title of miss.shown) console.log(`        → ${title}`);
    }
  };
  printMisses('tuning', tuning);
  printMisses('held-out', heldOut);
  printMisses('fresh', fresh);
} finally {
  await t.close();
}
