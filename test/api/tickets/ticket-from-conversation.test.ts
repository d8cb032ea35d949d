import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { assistantAnswerSchema } from '../../../src/common/contracts/assistant.js';
import { ticketDetailsSchema } from '../../../src/common/contracts/tickets.js';
import { callerOf, getAs, postAs, refusal, type Caller } from '../../support/callers.js';
import { customerOf, ticketBody, ticketPath } from '../../support/tickets.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Escalation happens on the server: `POST /api/tickets` with a `conversationId` checks that the conversation
 * is the caller's and stores its questions, passages and answers with the ticket in the same write. The
 * agent reads it as the conversation (not as a comment the customer wrote), with no second request.
 */

const t = useTestApp({ env: { RATE_LIMIT_ASSISTANT_PER_MINUTE: '1000' } });
let agent: Caller;

beforeAll(async () => {
  agent = await callerOf(t.app, 'agent');
});

async function ask(caller: Caller, text: string, conversationId?: string) {
  const res = await postAs(t.app, caller, apiPaths.assistant.messages, { text, conversationId });
  expect(res.statusCode, res.body).toBe(200);
  return assistantAnswerSchema.parse(res.json());
}

describe('a ticket opened from a conversation with the assistant', () => {
  it('carries the conversation, which the agent reads on the ticket after one request', async () => {
    const customer = await customerOf(t.app);
    const first = await ask(customer, 'My Site2Cloud IPsec tunnel does not come up');
    await ask(customer, 'it still flaps after changing the phase 2 lifetime', first.conversationId);
    expect(first.passages.length).toBeGreaterThan(0);

    const created = await postAs(
      t.app,
      customer,
      apiPaths.tickets.tickets,
      ticketBody({ subject: 'IPsec tunnel down', conversationId: first.conversationId }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = ticketDetailsSchema.shape.ticket.parse(created.json().ticket);

    const read = await getAs(t.app, agent, ticketPath(id));
    expect(read.statusCode, read.body).toBe(200);
    const details = ticketDetailsSchema.parse(read.json());
    expect(details.ticket.conversationId).toBe(first.conversationId);
    // Not a customer comment: the conversation is a part of its own.
    expect(details.comments).toEqual([]);
    const conversation = details.conversation ?? [];
    expect(conversation.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(conversation[0]?.text).toBe('My Site2Cloud IPsec tunnel does not come up');
    expect(conversation[2]?.text).toBe('it still flaps after changing the phase 2 lifetime');
    expect(conversation[1]?.passages.map((passage) => passage.url)).toEqual(
      first.passages.map((passage) => passage.url),
    );
    expect(conversation[1]?.passages[0]?.title).toBe(first.passages[0]?.title);

    // The customer sees the same conversation on their ticket.
    const own = ticketDetailsSchema.parse((await getAs(t.app, customer, ticketPath(id))).json());
    expect(own.conversation).toEqual(details.conversation);
  });

  it("refuses another user's conversation, and an unknown one, and opens no ticket", async () => {
    const owner = await customerOf(t.app);
    const intruder = await customerOf(t.app);
    const { conversationId } = await ask(owner, 'How do I attach a spoke gateway to a transit gateway?');
    for (const id of [conversationId, '00000000-0000-4000-8000-000000000000']) {
      const res = await postAs(
        t.app,
        intruder,
        apiPaths.tickets.tickets,
        ticketBody({ subject: 'Someone else’s chat', conversationId: id }),
      );
      expect(refusal(res, 400)).toMatch(/conversationId/);
    }
    const mine = await getAs(t.app, intruder, apiPaths.tickets.tickets);
    expect(mine.json()).toMatchObject({ count: 0 });
  });
});
