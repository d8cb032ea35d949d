import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { AssistantPassage } from '../../../common/contracts/assistant.js';
import { cutSnippet } from '../../../common/snippet.js';
import type { Database } from '../../db/client.js';
import {
  assistantConversations,
  assistantMessages,
  type AssistantConversationRow,
  type AssistantMessageRow,
} from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';

/**
 * The assistant's conversations, each one user's. A conversation lives `retentionDays` after its last question:
 * older ones are invisible at once and deleted by the next question anyone asks (one indexed delete, so no
 * timer has to run on every instance).
 */

/** How long a conversation's title (its first question) is kept. */
const TITLE_LENGTH = 120;
const DAY_MS = 24 * 60 * 60_000;

/** What the conversation calls take first, then the user whose conversations they are, then their input. */
export interface ConversationOptions {
  db: Database;
  retentionDays: number;
  /** The clock; tests move it. */
  now: () => Date;
}

export type ConversationSummary = Pick<AssistantConversationRow, 'id' | 'title' | 'updatedAt'>;

const cutoffOf = (options: ConversationOptions): Date =>
  new Date(options.now().getTime() - options.retentionDays * DAY_MS);

const NOT_FOUND = 'No such conversation.';

const summaryColumns = {
  id: assistantConversations.id,
  title: assistantConversations.title,
  updatedAt: assistantConversations.updatedAt,
};

/** One of the user's live conversations; NOT_FOUND for another user's, an expired or a missing one alike. */
export async function findConversation(
  options: ConversationOptions,
  userId: string,
  id: string,
): Promise<ConversationSummary> {
  const [row] = await options.db
    .select(summaryColumns)
    .from(assistantConversations)
    .where(
      and(
        eq(assistantConversations.id, id),
        eq(assistantConversations.userId, userId),
        gte(assistantConversations.updatedAt, cutoffOf(options)),
      ),
    )
    .limit(1);
  if (!row) throw new ServiceError('NOT_FOUND', NOT_FOUND);
  return row;
}

/** The user's live conversations, the latest first. */
export async function listConversations(
  options: ConversationOptions,
  userId: string,
): Promise<ConversationSummary[]> {
  return options.db
    .select(summaryColumns)
    .from(assistantConversations)
    .where(
      and(
        eq(assistantConversations.userId, userId),
        gte(assistantConversations.updatedAt, cutoffOf(options)),
      ),
    )
    .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.createdAt));
}

/** A conversation's messages in order (the caller has found the conversation for its user). */
export async function conversationMessages(
  options: ConversationOptions,
  conversationId: string,
): Promise<AssistantMessageRow[]> {
  return options.db
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.conversationId, conversationId))
    .orderBy(asc(assistantMessages.id));
}

/** The latest question of a conversation: what a follow-up question is read with. */
export async function latestQuestion(
  options: ConversationOptions,
  conversationId: string,
): Promise<string | null> {
  const [row] = await options.db
    .select({ text: assistantMessages.text })
    .from(assistantMessages)
    .where(and(eq(assistantMessages.conversationId, conversationId), eq(assistantMessages.role, 'user')))
    .orderBy(desc(assistantMessages.id))
    .limit(1);
  return row?.text ?? null;
}

export interface Exchange {
  userId: string;
  /** Absent: a new conversation, titled by the question. */
  conversationId: string | undefined;
  question: string;
  answer: string | null;
  passages: AssistantPassage[];
  confident: boolean;
}

/**
 * Stores a question and its answer (in a new conversation when none is given) and deletes the conversations
 * past their retention, in one transaction. Answers the conversation's id.
 */
export async function recordExchange(options: ConversationOptions, exchange: Exchange): Promise<string> {
  const now = options.now();
  return options.db.transaction(async (tx) => {
    await tx.delete(assistantConversations).where(lt(assistantConversations.updatedAt, cutoffOf(options)));
    let conversationId = exchange.conversationId;
    if (conversationId === undefined) {
      const [created] = await tx
        .insert(assistantConversations)
        .values({
          userId: exchange.userId,
          title: cutSnippet(exchange.question, TITLE_LENGTH),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: assistantConversations.id });
      if (!created) throw new Error('assistant: no conversation row');
      conversationId = created.id;
    } else {
      const updated = await tx
        .update(assistantConversations)
        .set({ updatedAt: now })
        .where(
          and(
            eq(assistantConversations.id, conversationId),
            eq(assistantConversations.userId, exchange.userId),
          ),
        )
        .returning({ id: assistantConversations.id });
      // Deleted since it was found (its retention ran out in between, or the user went).
      if (updated.length === 0) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    }
    await tx.insert(assistantMessages).values([
      {
        conversationId,
        role: 'user',
        text: exchange.question,
        passages: [],
        confident: null,
        createdAt: now,
      },
      {
        conversationId,
        role: 'assistant',
        text: exchange.answer ?? '',
        passages: exchange.passages,
        confident: exchange.confident,
        createdAt: now,
      },
    ]);
    return conversationId;
  });
}
