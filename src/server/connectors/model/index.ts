import { createChatCompletionsModel } from './openai-compatible/chat-completions.js';
import type { AnswerModel } from './types.js';

export interface ModelConnectorOptions {
  /** `ASSISTANT_LLM_URL`, `ASSISTANT_LLM_MODEL` (env.ts requires it with the URL), `ASSISTANT_LLM_API_KEY`. */
  url: string | undefined;
  model: string | undefined;
  apiKey: string | undefined;
  timeoutMs: number;
}

/** The assistant's answers are a few sentences: this many tokens is room for about 250 words. */
const MAX_ANSWER_TOKENS = 350;

/** The model that writes the assistant's answers, or null when none is configured (the default). */
export function createModelConnector(options: ModelConnectorOptions): AnswerModel | null {
  if (!options.url || !options.model) return null;
  return createChatCompletionsModel({
    url: options.url,
    model: options.model,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    maxTokens: MAX_ANSWER_TOKENS,
  });
}
