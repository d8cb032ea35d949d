import { createChatCompletionsModel } from './openai-compatible/chat-completions.js';
import type { Env } from '../../env.js';
import type { AnswerModel } from './types.js';

/** The assistant's answers are a few sentences: this many tokens is room for about 250 words. */
const MAX_ANSWER_TOKENS = 350;

/** The model that writes the assistant's answers, or null when none is configured (the default). */
export function createModelConnector(env: Env): AnswerModel | null {
  // env.ts requires ASSISTANT_LLM_MODEL with the URL.
  if (!env.ASSISTANT_LLM_URL || !env.ASSISTANT_LLM_MODEL) return null;
  return createChatCompletionsModel({
    url: env.ASSISTANT_LLM_URL,
    model: env.ASSISTANT_LLM_MODEL,
    apiKey: env.ASSISTANT_LLM_API_KEY,
    timeoutMs: env.ASSISTANT_LLM_TIMEOUT_MS,
    maxTokens: MAX_ANSWER_TOKENS,
  });
}
