import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  assistantAnswerSchema,
  conversationListSchema,
  conversationSchema,
} from '../../../src/common/contracts/assistant.js';
import { assistantConversations, assistantMessages } from '../../../src/server/db/schema/index.js';
import { ANONYMOUS, callerOf, getAs, postAs, refusal, type Caller } from '../../support/callers.js';
import { useTestApp } from '../../support/use-test-app.js';

/** Conversations are kept per user, listed for them, and deleted after the configured days. */

const t = useTestApp({ env: { RATE_LIMIT_ASSISTANT_PER_MINUTE: '1000' } });
let customer: Caller;
let other: Caller;

beforeAll(async () => {
  customer = await callerOf(t.app, 'customer');
  other = await callerOf(t.app, 'agent');
});

const conversationPath = (id: string) => apiPaths.assistant.conversation.replace(':id', id);

async function ask(caller: Caller, text: string, conversationId?: string): Promise<string> {
  const res = await postAs(t.app, caller, apiPaths.assistant.messages, { text, conversationId });
  expect(res.statusCode, res.body).toBe(200);
  return assistantAnswerSchema.parse(res.json()).conversationId;
}

async function listOf(caller: Caller) {
  const res = await getAs(t.app, caller, apiPaths.assistant.conversations);
  expect(res.statusCode, res.body).toBe(200);
  return conversationListSchema.parse(res.json()).conversations;
}

describe('conversations', () => {
  it("lists the caller's conversations, latest first, titled by the first question", async () => {
    const older = await ask(customer, 'How do I attach a spoke gateway to a transit gateway?');
    const newer = await ask(customer, 'My Site2Cloud IPsec tunnel does not come up');
    await ask(customer, 'and what about phase 2?', older);
    await ask(other, 'Where do I find my Customer ID?');
    const list = await listOf(customer);
    expect(list.map((conversation) => conversation.id)).toEqual([older, newer]);
    expect(list[0]?.title).toBe('How do I attach a spoke gateway to a transit gateway?');
    expect(Date.parse(list[0]?.updatedAt ?? '')).not.toBeNaN();
  });

  it('answers a conversation with its messages in order', async () => {
    const id = await ask(customer, 'How does transit gateway HA fail over?');
    await ask(customer, 'how long does it take?', id);
    const res = await getAs(t.app, customer, conversationPath(id));
    expect(res.statusCode, res.body).toBe(200);
    const { conversation } = conversationSchema.parse(res.json());
    expect(conversation.title).toBe('How does transit gateway HA fail over?');
    expect(conversation.messages.map((message) => [message.role, message.text])).toEqual([
      ['user', 'How does transit gateway HA fail over?'],
      ['assistant', ''],
      ['user', 'how long does it take?'],
      ['assistant', ''],
    ]);
    const answer = conversation.messages[1];
    expect(answer?.confident).toBe(true);
    expect(answer?.passages[0]?.url).toMatch(/transit-gateway-ha-deployment/);
  });

  it("answers 404 for another user's conversation, 400 for an id that is not one, 401 signed out", async () => {
    const theirs = await ask(other, 'Where do I find my Customer ID?');
    refusal(await getAs(t.app, customer, conversationPath(theirs)), 404);
    refusal(await getAs(t.app, customer, conversationPath('not-an-id')), 400);
    refusal(await getAs(t.app, ANONYMOUS, conversationPath(theirs)), 401);
    refusal(await getAs(t.app, ANONYMOUS, apiPaths.assistant.conversations), 401);
  });
});

describe('retention', () => {
  const days = () => t.app.portalConfig.assistant.conversationRetentionDays;
  const backdate = (id: string, daysAgo: number) =>
    t.app.db
      .update(assistantConversations)
      .set({ updatedAt: new Date(Date.now() - daysAgo * 24 * 60 * 60_000) })
      .where(eq(assistantConversations.id, id));

  it('hides a conversation past its retention at once and deletes it with the next question', async () => {
    const caller = await callerOf(t.app, 'customer');
    const expired = await ask(caller, 'How do I upgrade the Controller?');
    const kept = await ask(caller, 'How do I deploy CoPilot?');
    await backdate(expired, days() + 1);
    await backdate(kept, days() - 1);

    expect((await listOf(caller)).map((conversation) => conversation.id)).toEqual([kept]);
    refusal(await getAs(t.app, caller, conversationPath(expired)), 404);
    refusal(
      await postAs(t.app, caller, apiPaths.assistant.messages, {
        text: 'and then?',
        conversationId: expired,
      }),
      404,
    );

    // Anyone's next question prunes it, messages and all.
    await ask(other, 'Where do I find my Customer ID?');
    const rows = await t.app.db
      .select({ id: assistantConversations.id })
      .from(assistantConversations)
      .where(eq(assistantConversations.id, expired));
    expect(rows).toEqual([]);
    const messages = await t.app.db
      .select({ id: assistantMessages.id })
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, expired));
    expect(messages).toEqual([]);
    // A question in a conversation keeps it alive for the whole period again.
    await ask(caller, 'and CoPilot storage?', kept);
    expect((await listOf(caller)).map((conversation) => conversation.id)).toEqual([kept]);
  });
});
