import { z } from 'zod';
import { PUBLIC_CONTENT_SOURCES } from '../search-sources.js';
import { storableText } from './text.js';

/** `/api/assistant/*`: questions to the built-in assistant and its conversations. */

export const ASSISTANT_TEXT_MAX = 2000;
/** Passages shown for one question at most. */
export const ASSISTANT_MAX_PASSAGES = 3;

export const assistantMessageBodySchema = z.object({
  /** Absent for the first question; then the conversation the answer names. */
  conversationId: z.uuid('must be a conversation id').optional(),
  text: storableText().trim().min(1, 'is required').max(ASSISTANT_TEXT_MAX),
});
export type AssistantMessageBody = z.infer<typeof assistantMessageBodySchema>;

export const assistantPassageSchema = z.object({
  source: z.enum(PUBLIC_CONTENT_SOURCES),
  /** The item's title, then the section's heading when the passage is one section of it. */
  title: z.string(),
  /** Where the passage is: the item's address with `#<heading id>` for a section. */
  url: z.string(),
  /** Highlighted HTML, only `<mark>` (as search snippets, `markedSnippet`). */
  excerpt: z.string(),
});
export type AssistantPassage = z.infer<typeof assistantPassageSchema>;

/**
 * The answer to a question. `confident` is false when even the best passage covers too little of the question
 * (services/assistant/passage-ranking.ts); then `passages` is empty and the assistant says it found nothing.
 * `answer` is generated text, null while no model is configured.
 */
export const assistantAnswerSchema = z.object({
  conversationId: z.uuid(),
  passages: z.array(assistantPassageSchema).max(ASSISTANT_MAX_PASSAGES),
  answer: z.string().nullable(),
  confident: z.boolean(),
});
export type AssistantAnswer = z.infer<typeof assistantAnswerSchema>;

/**
 * The server-sent events of the same answer: `passages` first, then `answer` for each piece of a generated
 * answer as it is written, then `done` (whose `answer` is the whole of it, or null: take the pieces back).
 */
export const assistantPassagesEventSchema = assistantAnswerSchema.pick({ passages: true });
export const assistantAnswerTextEventSchema = z.object({ text: z.string() });
export const assistantDoneEventSchema = assistantAnswerSchema.omit({ passages: true });

export const conversationIdParamsSchema = z.object({ id: z.uuid('must be a conversation id') });

export const conversationSummarySchema = z.object({
  id: z.uuid(),
  /** The first question. */
  title: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({ conversations: z.array(conversationSummarySchema) });

export const conversationMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  /** The question, or the assistant's generated answer ('' without one). */
  text: z.string(),
  /** The assistant's passages; empty for a question. */
  passages: z.array(assistantPassageSchema),
  /** The assistant's confidence; null for a question. */
  confident: z.boolean().nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = z.object({
  conversation: conversationSummarySchema.extend({ messages: z.array(conversationMessageSchema) }),
});
