import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../src/common/api-paths';
import { assistantAnswerSchema, type AssistantAnswer } from '../../src/common/contracts/assistant';
import type { BenchQuestion, QuestionKind } from './questions';

/**
 * Asks each question of the bench through the real assistant call as a signed-in customer (a follow-up in the
 * conversation its earlier question started) and judges the answer: answered when a passage it shows is one
 * the question expects (its title starts with an expected prefix); for a question the content does not answer,
 * right when the assistant says it is not confident.
 */

export interface QuestionOutcome {
  question: BenchQuestion;
  /** 1-based place of the first expected passage among those shown; null when none is. */
  rank: number | null;
  confident: boolean;
  /** The titles shown, for the list of misses. */
  shown: string[];
}

export interface KindSummary {
  kind: QuestionKind;
  questions: number;
  /** Answerable: share with an answering passage among the three shown. Unanswerable: share not confident. */
  success: number;
  /** Share where the assistant said it was not confident. */
  notConfident: number;
}

async function ask(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: { text: string; conversationId?: string },
): Promise<AssistantAnswer> {
  const res = await app.inject({
    method: 'POST',
    url: apiPaths.assistant.messages,
    headers: { ...headers, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (res.statusCode !== 200) throw new Error(`${body.text}: ${res.statusCode} ${res.body}`);
  return assistantAnswerSchema.parse(res.json());
}

export async function runQuestion(
  app: FastifyInstance,
  headers: Record<string, string>,
  question: BenchQuestion,
): Promise<QuestionOutcome> {
  const earlier = question.earlier ? await ask(app, headers, { text: question.earlier }) : null;
  const answer = await ask(app, headers, {
    text: question.ask,
    ...(earlier ? { conversationId: earlier.conversationId } : {}),
  });
  const wanted = question.expect.map((prefix) => prefix.toLowerCase());
  const shown = answer.passages.map((passage) => passage.title);
  const index = shown.findIndex((title) => wanted.some((prefix) => title.toLowerCase().startsWith(prefix)));
  return { question, rank: index < 0 ? null : index + 1, confident: answer.confident, shown };
}

export const answered = (outcome: QuestionOutcome): boolean =>
  outcome.question.kind === 'unanswerable' ? !outcome.confident : outcome.rank !== null;

/** The kinds of the tuning and held-out sets, in the order the table lists them. */
export const CLASSIC_KINDS: readonly QuestionKind[] = ['sentence', 'symptom', 'follow-up', 'unanswerable'];
/** The kinds of the fresh set. */
export const FRESH_KINDS: readonly QuestionKind[] = ['sentence', 'symptom', 'release', 'unanswerable'];

export function summarize(
  outcomes: readonly QuestionOutcome[],
  kinds: readonly QuestionKind[] = CLASSIC_KINDS,
): KindSummary[] {
  return kinds.map((kind) => {
    const of = outcomes.filter((outcome) => outcome.question.kind === kind);
    const share = (test: (outcome: QuestionOutcome) => boolean) =>
      of.length === 0 ? 0 : of.filter(test).length / of.length;
    return {
      kind,
      questions: of.length,
      success: share(answered),
      notConfident: share((outcome) => !outcome.confident),
    };
  });
}

/** The share of all answerable questions with an answering passage shown (the bench's first target). */
export function answerableSuccess(outcomes: readonly QuestionOutcome[]): number {
  const answerable = outcomes.filter((outcome) => outcome.question.kind !== 'unanswerable');
  return answerable.filter(answered).length / Math.max(1, answerable.length);
}
