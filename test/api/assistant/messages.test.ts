import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  ASSISTANT_TEXT_MAX,
  assistantAnswerSchema,
  assistantDoneEventSchema,
  assistantPassagesEventSchema,
  type AssistantAnswer,
} from '../../../src/common/contracts/assistant.js';
import { ANONYMOUS, callerOf, postAs, postForEventsAs, refusal, type Caller } from '../../support/callers.js';
import { parseEventStream } from '../../support/event-stream.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The assistant's call on the demo content of `content/`: the passages a
 * customer's question finds, where their links point, when the assistant is not confident, follow-ups, and
 * what the call refuses.
 */

// The limit per user has its own test (rate-limit.test.ts); here one customer asks many questions.
const t = useTestApp({
  contentDir: path.resolve('content'),
  env: { RATE_LIMIT_ASSISTANT_PER_MINUTE: '1000' },
});
let customer: Caller;
let other: Caller;

beforeAll(async () => {
  customer = await callerOf(t.app, 'customer');
  other = await callerOf(t.app, 'customer');
});

async function ask(
  caller: Caller,
  body: { text: string; conversationId?: string },
): Promise<AssistantAnswer> {
  const res = await postAs(t.app, caller, apiPaths.assistant.messages, body);
  expect(res.statusCode, res.body).toBe(200);
  return assistantAnswerSchema.parse(res.json());
}

const ARTICLE = '/docs?article=edge-tunnels-up-large-packets-dropped';

describe('answers', () => {
  it('answers a question the demo content answers with the passage that answers it first', async () => {
    const answer = await ask(customer, {
      text: 'Why do my SSH sessions freeze when a command prints a lot of output over our Edge site?',
    });
    expect(answer.confident).toBe(true);
    expect(answer.answer).toBeNull();
    expect(answer.passages.length).toBeGreaterThan(0);
    expect(answer.passages.length).toBeLessThanOrEqual(3);
    expect(answer.passages[0]).toMatchObject({
      source: 'forumbee',
      url: 'https://community.acme.example/t/mtu-ssh-freezes-over-edge',
    });
    expect(answer.passages[0]?.excerpt).toContain('<mark>SSH</mark>');
    // The knowledge-base article of the same problem, at its Symptom section.
    expect(answer.passages.map((passage) => passage.url)).toContain(`${ARTICLE}#symptom`);
    for (const passage of answer.passages) expect(['zendesk', 'git', 'forumbee']).toContain(passage.source);
  });

  it('points into the section that answers a question worded unlike its heading', async () => {
    const answer = await ask(customer, {
      text: 'How do I find out the biggest packet that gets through my tunnel?',
    });
    expect(answer.confident).toBe(true);
    expect(answer.passages[0]).toMatchObject({
      source: 'zendesk',
      title: 'Edge tunnels up but large packets are dropped › Diagnose',
      url: `${ARTICLE}#diagnose`,
    });
    // The anchor exists in the article the link opens.
    const article = await t.app.inject({
      url: apiPaths.knowledgeBase.article.href('edge-tunnels-up-large-packets-dropped'),
    });
    expect(article.statusCode).toBe(200);
    expect(article.body).toContain('id=\\"diagnose\\"');
  });

  it('links a documentation passage into its page on the documentation site', async () => {
    const answer = await ask(customer, { text: 'What is a licensing model with metered billing?' });
    const docs = answer.passages.find((passage) => passage.source === 'git');
    expect(docs?.url).toMatch(/^https:\/\/docs\.acme\.example\/[^#]+#[a-z0-9-]+$/);
  });

  it('says it is not confident, and shows no passages, for a question the content does not answer', async () => {
    for (const text of ['how do I bake sourdough bread', 'How do I?']) {
      const answer = await ask(customer, { text });
      expect(answer, text).toMatchObject({ confident: false, passages: [], answer: null });
    }
  });

  it('reads a short follow-up with the earlier question of the conversation', async () => {
    const first = await ask(customer, { text: 'Why do my SSH sessions freeze over our Edge site?' });
    const followUp = await ask(customer, { text: 'How do I fix it?', conversationId: first.conversationId });
    expect(followUp.conversationId).toBe(first.conversationId);
    expect(followUp.confident).toBe(true);
    const mtu = (answer: AssistantAnswer) =>
      answer.passages.some((passage) => passage.url.startsWith(ARTICLE) || passage.url.includes('mtu-ssh'));
    expect(mtu(followUp)).toBe(true);
    // Asked alone, the same words find something else entirely.
    expect(mtu(await ask(customer, { text: 'How do I fix it?' }))).toBe(false);
  });

  it('retries a weak follow-up with the earlier question and keeps the better answer', async () => {
    const first = await ask(customer, { text: 'How do I upgrade the software on my gateways?' });
    const alone = await ask(customer, { text: 'and can I undo it afterwards?' });
    expect(alone.confident).toBe(false);
    const followUp = await ask(customer, {
      text: 'and can I undo it afterwards?',
      conversationId: first.conversationId,
    });
    expect(followUp.confident).toBe(true);
    expect(followUp.passages.some((passage) => /upgrade/i.test(passage.title))).toBe(true);
  });

  it('streams the same answer as server-sent events, passages before done', async () => {
    const text = 'How do I find out the biggest packet that gets through my tunnel?';
    const res = await postForEventsAs(t.app, customer, apiPaths.assistant.messages, { text });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/event-stream/);
    const events = parseEventStream(res.body);
    expect(events.map((event) => event.event)).toEqual(['passages', 'done']);
    const { passages } = assistantPassagesEventSchema.parse(JSON.parse(events[0]?.data ?? ''));
    const done = assistantDoneEventSchema.parse(JSON.parse(events[1]?.data ?? ''));
    expect(done).toMatchObject({ confident: true, answer: null });
    const asJson = await ask(customer, { text });
    expect(passages).toEqual(asJson.passages);
  });
});

describe('refusals', () => {
  it('answers 401 JSON to a visitor who is not signed in', async () => {
    refusal(await postAs(t.app, ANONYMOUS, apiPaths.assistant.messages, { text: 'licence' }), 401);
  });

  it('refuses a cross-site request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.assistant.messages,
      headers: { ...customer.headers, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'licence' }),
    });
    refusal(res, 403);
  });

  it.each([
    ['empty text', { text: '' }],
    ['blank text', { text: '   \n ' }],
    ['2,001 characters', { text: 'a'.repeat(ASSISTANT_TEXT_MAX + 1) }],
    ['a NUL byte', { text: 'licence\u0000' }],
    ['a control character', { text: 'licence\u0007 expired' }],
    ['no text', {}],
    ['a conversation id that is not one', { text: 'licence', conversationId: 'abc' }],
    ['a conversation id of the wrong type', { text: 'licence', conversationId: 42 }],
  ])('answers 400 JSON for %s', async (_name, body) => {
    refusal(await postAs(t.app, customer, apiPaths.assistant.messages, body), 400);
  });

  it('takes 2,000 characters (after trimming)', async () => {
    const text = ` ${'licence '.repeat(250).slice(0, ASSISTANT_TEXT_MAX)} `;
    expect((await postAs(t.app, customer, apiPaths.assistant.messages, { text })).statusCode).toBe(200);
  });

  it("answers 404 for another user's conversation and for one that does not exist", async () => {
    const theirs = await ask(other, { text: 'What happens when my licence expires?' });
    for (const conversationId of [theirs.conversationId, '5b0a4f3e-8c47-4a53-9d6e-0c1f2a3b4c5d']) {
      refusal(
        await postAs(t.app, customer, apiPaths.assistant.messages, { text: 'and then?', conversationId }),
        404,
      );
    }
  });
});
