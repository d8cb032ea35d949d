import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  assistantAnswerSchema,
  assistantAnswerTextEventSchema,
  assistantDoneEventSchema,
  assistantPassagesEventSchema,
  conversationSchema,
  type AssistantAnswer,
} from '../../../src/common/contracts/assistant.js';
import { callerOf, getAs, postAs, postForEventsAs, type Caller } from '../../support/callers.js';
import { parseEventStream } from '../../support/event-stream.js';
import { groundedReply, startFakeModel } from '../../support/fake-model.js';
import { createTestApp } from '../../support/test-app.js';
import { useResource } from '../../support/use-test-app.js';

/**
 * Generated answers against a fake OpenAI-compatible server that streams as OpenAI's
 * API does: the model is given the passages shown and the question, its answer streams after the passages,
 * it may cite only the passages shown, a reply that declines or cites nothing is no answer, and a model that
 * fails or hangs leaves the passages alone.
 */

const API_KEY = 'sk-test-assistant-key';
const model = useResource(
  () => startFakeModel({ apiKey: API_KEY }),
  (fake) => fake.close(),
);
const t = useResource(
  () =>
    createTestApp({
      contentDir: path.resolve('content'),
      env: {
        RATE_LIMIT_ASSISTANT_PER_MINUTE: '1000',
        // The whole /chat/completions address is accepted as well as the base.
        ASSISTANT_LLM_URL: `${model.url}/chat/completions`,
        ASSISTANT_LLM_MODEL: 'fake-gpt',
        ASSISTANT_LLM_API_KEY: API_KEY,
        ASSISTANT_LLM_TIMEOUT_MS: '1500',
      },
    }),
  (app) => app.close(),
);
let customer: Caller;

beforeAll(async () => {
  customer = await callerOf(t.app, 'customer');
});
beforeEach(() => {
  model.answerWith(groundedReply);
});

const QUESTION = 'How do I find out the biggest packet that gets through my tunnel?';

async function ask(body: { text: string; conversationId?: string }): Promise<AssistantAnswer> {
  const res = await postAs(t.app, customer, apiPaths.assistant.messages, body);
  expect(res.statusCode, res.body).toBe(200);
  return assistantAnswerSchema.parse(res.json());
}

async function askStreamed(text: string) {
  const res = await postForEventsAs(t.app, customer, apiPaths.assistant.messages, { text });
  expect(res.statusCode, res.body).toBe(200);
  return parseEventStream(res.body);
}

/** Every `[n]` of an answer. */
const citations = (answer: string): number[] => [...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));

describe('an answer written from the passages', () => {
  it('gives the model the passages shown, numbered as shown, and the question; the answer cites them', async () => {
    const before = model.requests.length;
    const answer = await ask({ text: QUESTION });
    expect(answer.confident).toBe(true);
    const request = model.requests[before];
    expect(request).toMatchObject({
      model: 'fake-gpt',
      stream: true,
      authorization: `Bearer ${API_KEY}`,
      question: QUESTION,
    });
    expect(request?.passages.map((passage) => passage.title)).toEqual(
      answer.passages.map((passage) => passage.title),
    );
    expect(request?.passages[0]?.text.length).toBeGreaterThan(50);
    // The fake writes the first passage's first sentence, cited.
    const sentence = /^[^.!?]*/.exec(request?.passages[0]?.text.trim() ?? '')?.[0] ?? '';
    expect(answer.answer).toBe(`${sentence} [1].`);
  });

  it('keeps the answer in the conversation', async () => {
    const answer = await ask({ text: QUESTION });
    const res = await getAs(
      t.app,
      customer,
      apiPaths.assistant.conversation.replace(':id', answer.conversationId),
    );
    const { conversation } = conversationSchema.parse(res.json());
    expect(conversation.messages.at(-1)).toMatchObject({ role: 'assistant', text: answer.answer });
  });

  it('streams the answer in pieces after the passages; the pieces make the answer of done', async () => {
    model.answerWith(() => [
      'Use ',
      'ping with ',
      'the do-not-fragment bit [',
      '1]',
      ' and lower',
      ' the MTU [2].',
    ]);
    const events = await askStreamed(QUESTION);
    expect(events[0]?.event).toBe('passages');
    expect(events.at(-1)?.event).toBe('done');
    const pieces = events.filter((event) => event.event === 'answer');
    expect(pieces.length).toBeGreaterThan(1);
    const streamed = pieces
      .map((event) => assistantAnswerTextEventSchema.parse(JSON.parse(event.data)).text)
      .join('');
    const done = assistantDoneEventSchema.parse(JSON.parse(events.at(-1)?.data ?? ''));
    expect(done.answer).toBe('Use ping with the do-not-fragment bit [1] and lower the MTU [2].');
    expect(streamed).toBe(done.answer);
    const { passages } = assistantPassagesEventSchema.parse(JSON.parse(events[0]?.data ?? ''));
    expect(passages.length).toBeGreaterThanOrEqual(2);
  });

  it('reads a follow-up with the earlier question', async () => {
    const first = await ask({ text: 'Why do my SSH sessions freeze over our Edge site?' });
    await ask({ text: 'How do I fix it?', conversationId: first.conversationId });
    const followUp = model.requests.at(-1);
    expect(followUp?.question).toBe('How do I fix it?');
    expect(followUp?.messages[1]?.content).toContain(
      'The customer asked before: Why do my SSH sessions freeze over our Edge site?',
    );
  });
});

describe('only what the passages support', () => {
  it('cites only passages that were shown: a citation of another number is dropped', async () => {
    model.answerWith(() => ['Lower the MTU [1][9]. ', 'Restart the tunnel [4, 2].']);
    const answer = await ask({ text: QUESTION });
    expect(answer.passages.length).toBeGreaterThanOrEqual(2);
    expect(answer.answer).toBe('Lower the MTU [1]. Restart the tunnel [2].');
    for (const n of citations(answer.answer ?? '')) expect(n).toBeLessThanOrEqual(answer.passages.length);
  });

  it('shows no answer when the model declines, and the passages still', async () => {
    model.answerWith(() => ['NO_', 'ANSWER']);
    const answer = await ask({ text: QUESTION });
    expect(answer).toMatchObject({ confident: true, answer: null });
    expect(answer.passages.length).toBeGreaterThan(0);
  });

  it('shows nothing of a reply that cites no passage, not even while it streams', async () => {
    model.answerWith(() => ['Packets ', 'are usually ', 'fine, just ', 'reboot everything.']);
    const events = await askStreamed(QUESTION);
    expect(events.map((event) => event.event)).toEqual(['passages', 'done']);
    expect(assistantDoneEventSchema.parse(JSON.parse(events[1]?.data ?? '')).answer).toBeNull();
  });

  it('asks no model when the assistant is not confident', async () => {
    const before = model.requests.length;
    const answer = await ask({ text: 'how do I bake sourdough bread' });
    expect(answer).toMatchObject({ confident: false, passages: [], answer: null });
    expect(model.requests.length).toBe(before);
  });
});

describe('a model that fails', () => {
  it('an error answer leaves the passages without an answer', async () => {
    model.answerWith(() => 'fail');
    const answer = await ask({ text: QUESTION });
    expect(answer).toMatchObject({ confident: true, answer: null });
    expect(answer.passages.length).toBeGreaterThan(0);
  });

  it('a model that never answers is given up after ASSISTANT_LLM_TIMEOUT_MS', async () => {
    model.answerWith(() => 'hang');
    const started = Date.now();
    const answer = await ask({ text: QUESTION });
    expect(answer).toMatchObject({ confident: true, answer: null });
    expect(answer.passages.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });
});
