import type { FastifyBaseLogger } from 'fastify';
import type { AnswerModel, ModelMessage } from '../../connectors/model/types.js';
import { DECLINE, GroundedAnswer } from './grounded-answer.js';
import type { RankedPassage } from './passage-ranking.js';

/**
 * The assistant's generated answer (with `ASSISTANT_LLM_URL`): the model is given the passages the
 * user is shown, numbered as shown, and told to answer only from them with citations or to decline;
 * grounded-answer.ts keeps to that whatever the model writes.
 */

/** The most of one passage the model reads: a section is rarely longer, and the prompt stays small. */
const PASSAGE_CHARS = 1500;

export interface AnswerRequest {
  productName: string;
  question: string;
  /** The conversation's previous question, for a follow-up; null for a first question. */
  earlier: string | null;
  /** The passages shown, best first: `[1]` is the first. */
  passages: readonly Pick<RankedPassage, 'itemTitle' | 'heading' | 'text'>[];
}

export function answerPrompt(request: AnswerRequest): ModelMessage[] {
  const system = [
    `You are the support assistant of the ${request.productName} customer portal.`,
    'Answer the customer in at most four short sentences, using only the numbered passages you are given:',
    'nothing you know from elsewhere, no guesses.',
    'After each sentence cite the passages it comes from by their numbers in brackets, such as [1] or [2].',
    `If the passages do not answer the question, reply with exactly ${DECLINE} and nothing else.`,
  ].join(' ');
  const passages = request.passages.map((passage, index) => {
    const title = passage.heading === '' ? passage.itemTitle : `${passage.itemTitle} › ${passage.heading}`;
    return `[${index + 1}] ${title}\n${passage.text.slice(0, PASSAGE_CHARS)}`;
  });
  const user = [
    `Passages:\n\n${passages.join('\n\n')}`,
    ...(request.earlier === null ? [] : [`The customer asked before: ${request.earlier}`]),
    `Question: ${request.question}`,
  ].join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

export interface WriteOptions {
  /** Ends the model call (the user left). */
  signal?: AbortSignal;
  /** Each piece of the answer that may be shown, as the model writes it. */
  onText?: (text: string) => void;
  log: FastifyBaseLogger;
}

/**
 * The model's answer from the passages, or null when it declined, cited none of them, or failed (then the user
 * still has the passages; the failure is logged, not shown).
 */
export async function writeAnswer(
  model: AnswerModel,
  request: AnswerRequest,
  options: WriteOptions,
): Promise<string | null> {
  const answer = new GroundedAnswer(request.passages.length);
  const started = performance.now();
  let firstTextMs: number | null = null;
  try {
    for await (const piece of model.stream(answerPrompt(request), options.signal)) {
      const shown = answer.push(piece);
      if (shown === '') continue;
      firstTextMs ??= Math.round(performance.now() - started);
      options.onText?.(shown);
    }
  } catch (error) {
    options.log.warn({ err: error, model: model.name }, 'the assistant model did not answer; passages only');
    return null;
  }
  const text = answer.finish();
  options.log.info(
    {
      model: model.name,
      firstTextMs,
      totalMs: Math.round(performance.now() - started),
      answered: text !== null,
    },
    'assistant answer written',
  );
  return text;
}
