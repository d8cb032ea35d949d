import { randomUUID } from 'node:crypto';
import { boolean, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AssistantPassage } from '../../../common/contracts/assistant.js';
import { createdAt } from './columns.js';
import { users } from './auth.js';

/**
 * The built-in assistant's conversations, one user's each. Deleted `assistant.conversationRetentionDays`
 * after their last message (services/assistant/conversations.ts prunes them on every question).
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first question, cut to a title's length. */
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A user's list, newest first; the prune reads the time alone.
    index('assistant_conversations_user_idx').on(table.userId, table.updatedAt),
    index('assistant_conversations_updated_at_idx').on(table.updatedAt),
  ],
);

export type AssistantConversationRow = typeof assistantConversations.$inferSelect;

/** The questions and answers of a conversation, in order of their serial id. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    /** The question, or the generated answer ('' when there is none). */
    text: text('text').notNull(),
    /** The passages shown with an answer (kept as shown, so the history does not change with the content). */
    passages: jsonb('passages').$type<AssistantPassage[]>().notNull().default([]),
    /** Null for a question. */
    confident: boolean('confident'),
    createdAt: createdAt(),
  },
  (table) => [index('assistant_messages_conversation_idx').on(table.conversationId, table.id)],
);

export type AssistantMessageRow = typeof assistantMessages.$inferSelect;
