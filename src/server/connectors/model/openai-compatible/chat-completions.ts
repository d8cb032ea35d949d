import OpenAI from 'openai';
import type { AnswerModel, ModelMessage } from '../types.js';

export interface ChatCompletionsOptions {
  /** `ASSISTANT_LLM_URL`: the API's base (`https://host/v1`) or its whole `.../chat/completions` address. */
  url: string;
  model: string;
  apiKey: string | undefined;
  /** Longest one whole answer may take. */
  timeoutMs: number;
  /** Longest answer, in tokens: the assistant's answers are a few sentences. */
  maxTokens: number;
}

/** The client library appends `/chat/completions` to its base; an address that already names it is cut back. */
export function baseUrlOf(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/chat\/completions$/, '');
}

/**
 * An OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI's v1 API, vLLM, Ollama, LM Studio...),
 * through OpenAI's own client library, streamed (`stream: true`). Deterministic (`temperature: 0`): the same
 * passages give the same answer. No retries: the user is waiting, and the passages are shown without an answer.
 */
export function createChatCompletionsModel(options: ChatCompletionsOptions): AnswerModel {
  const client = new OpenAI({
    baseURL: baseUrlOf(options.url),
    // The library refuses to start without a key; a local model server without one ignores the header.
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  return {
    name: options.model,
    async *stream(messages: readonly ModelMessage[], signal?: AbortSignal) {
      const chunks = await client.chat.completions.create(
        {
          model: options.model,
          messages: messages.map((message) => ({ ...message })),
          stream: true,
          temperature: 0,
          max_tokens: options.maxTokens,
        },
        { signal },
      );
      for await (const chunk of chunks) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}
