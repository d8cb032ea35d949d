// The assistant's quality bench: `node --import tsx bench/assistant/run.ts` on PGlite, and with
// `BENCH_DATABASE_URL=postgres://...` on PostgreSQL (bench/support/content-app.ts). Asks every question of
// questions.ts as a signed-in customer and prints, per kind, the share answered (an answering passage among the
// three shown; for unanswerable questions, the assistant saying it is not confident), then the misses.
// bench/README.md keeps the figures.
import { createCustomer, sessionCookie } from '../../test/support/factories';
import { openContentApp } from '../support/content-app';
import { answerableSuccess, answered, runQuestion, summarize, type QuestionOutcome } from './evaluate';
import { QUESTIONS } from './questions';

const t = await openContentApp({ RATE_LIMIT_ASSISTANT_PER_MINUTE: '10000' });
try {
  const customer = await createCustomer(t.app);
  const { cookie } = await sessionCookie(t.app, { id: customer.id, role: 'customer' });
  const outcomes: QuestionOutcome[] = [];
  for (const question of QUESTIONS) outcomes.push(await runQuestion(t.app, { cookie }, question));

  const pct = (value: number) => `${(value * 100).toFixed(0)} %`;
  console.log(`assistant quality on ${t.database}: ${QUESTIONS.length} questions over content/\n`);
  console.log('| kind         | questions | answered | not confident |');
  console.log('| ------------ | --------- | -------- | ------------- |');
  for (const row of summarize(outcomes)) {
    console.log(
      `| ${row.kind.padEnd(12)} | ${String(row.questions).padStart(9)} | ${pct(row.success).padStart(8)} | ${pct(row.notConfident).padStart(13)} |`,
    );
  }
  const unanswerable = summarize(outcomes).find((row) => row.kind === 'unanswerable');
  console.log(
    `\nanswerable questions with an answering passage in the three shown: ${answerableSuccess(outcomes).toFixed(2)} (target 0.85)`,
  );
  console.log(
    `unanswerable questions where the assistant is not confident: ${(unanswerable?.success ?? 0).toFixed(2)} (target 0.8)`,
  );
  const misses = outcomes.filter((outcome) => !answered(outcome));
  if (misses.length > 0) {
    console.log('\nmisses (kind, confident, question → titles shown):');
    for (const miss of misses) {
      console.log(
        `  ${miss.question.kind.padEnd(12)} ${miss.confident ? 'yes' : 'no '}  ${miss.question.ask}`,
      );
      for (const title of miss.shown) console.log(`        → ${title}`);
    }
  }
} finally {
  await t.close();
}
