import type { ConnectorRoutes } from '../connector-routes.js';

/**
 * A language model that writes the assistant's answers: an OpenAI-compatible chat-completions
 * endpoint in a deployment that sets `ASSISTANT_LLM_URL`, none otherwise (then no generated text is shown).
 * Nothing here imports an implementation.
 */

export interface ModelMessage {
  role: 'system' | 'user';
  content: string;
}

export interface AnswerModel extends ConnectorRoutes {
  /** The model's name, for the logs. */
  readonly name: string;
  /**
   * The model's reply to these messages, piece by piece as it is written. Throws when the call fails, times out
   * or is aborted through `signal`.
   */
  stream(messages: readonly ModelMessage[], signal?: AbortSignal): AsyncIterable<string>;
}
