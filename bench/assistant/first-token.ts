// Time to the first token of a written answer: `node --import tsx bench/assistant/first-token.ts` (PGlite, or
// BENCH_DATABASE_URL for PostgreSQL). The portal runs with a fake OpenAI-compatible model
// (test/support/fake-model.ts) that answers at once and streams a piece every BENCH_PIECE_MS (default 30, about
// a hosted model's pace), so what is measured is the portal's own part: retrieval, the prompt, the stream, and
// the wait for the first citation (grounded-answer.ts shows nothing before it). Each answerable question of the
// quality bench is asked once, one at a time, over a real socket with `Accept: text/event-stream`.
import type { AddressInfo } from 'node:net';
import { apiPaths } from '../../src/common/api-paths';
import { createCustomer, sessionCookie } from '../../test/support/factories';
import { startFakeModel } from '../../test/support/fake-model';
import { openContentApp } from '../support/content-app';
import { TUNING_QUESTIONS } from './questions';

const pieceMs = Number(process.env.BENCH_PIECE_MS ?? 30);
const model = await startFakeModel({ pieceDelayMs: pieceMs });
const t = await openContentApp({
  RATE_LIMIT_ASSISTANT_PER_MINUTE: '10000',
  ASSISTANT_LLM_URL: model.url,
  ASSISTANT_LLM_MODEL: 'fake-bench-model',
});

/** Milliseconds from sending the question to each first event of the answer's stream. */
async function timeOne(base: string, cookie: string, text: string) {
  const started = performance.now();
  const res = await fetch(`${base}${apiPaths.assistant.messages}`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'sec-fetch-site': 'same-origin',
    },
    body: JSON.stringify({ text }),
  });
  if (!res.ok || !res.body) throw new Error(`${text}: ${res.status}`);
  const at: Record<string, number> = {};
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    for (const match of chunk.value.matchAll(/^event: (\w+)$/gm)) {
      at[match[1] ?? ''] ??= performance.now() - started;
    }
  }
  return at;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

try {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const customer = await createCustomer(t.app);
  const { cookie } = await sessionCookie(t.app, { id: customer.id, role: 'customer' });
  const asked = TUNING_QUESTIONS.filter(
    (question) => question.kind === 'sentence' || question.kind === 'symptom',
  );
  const passages: number[] = [];
  const firstText: number[] = [];
  const done: number[] = [];
  for (const question of asked) {
    const at = await timeOne(base, cookie, question.ask);
    if (at.passages !== undefined) passages.push(at.passages);
    if (at.answer !== undefined) firstText.push(at.answer);
    if (at.done !== undefined) done.push(at.done);
  }
  const row = (name: string, values: number[]) =>
    console.log(
      `| ${name.padEnd(26)} | ${String(values.length).padStart(7)} | ${percentile(values, 50).toFixed(0).padStart(8)} | ${percentile(values, 95).toFixed(0).padStart(8)} |`,
    );
  console.log(
    `assistant stream on ${t.database}: ${asked.length} questions, fake model streaming a piece every ${pieceMs} ms\n`,
  );
  console.log('| event                      | answers | p50 (ms) | p95 (ms) |');
  console.log('| -------------------------- | ------- | -------- | -------- |');
  row('passages', passages);
  row('first answer text (TTFT)', firstText);
  row('done', done);
} finally {
  await t.close();
  await model.close();
}
