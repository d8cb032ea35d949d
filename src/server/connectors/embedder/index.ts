import type { Env } from '../../env.js';
import { createUniversalSentenceEncoder } from './builtin/universal-sentence-encoder.js';
import { createEmbeddingsEndpoint } from './openai-compatible/embeddings-endpoint.js';
import type { Embedder } from './types.js';

/** Longest one call to an embeddings endpoint may take (a batch of passages, or one query). */
const ENDPOINT_TIMEOUT_MS = 30_000;

/**
 * What computes the content's vectors: none with `EMBEDDINGS=false` (search is then full-text only), an
 * OpenAI-compatible endpoint when `EMBEDDINGS_URL` is set, else the built-in Universal Sentence Encoder lite.
 */
export function createEmbedderConnector(env: Env): Embedder | null {
  if (!env.EMBEDDINGS) return null;
  // env.ts requires EMBEDDINGS_MODEL with the URL.
  if (env.EMBEDDINGS_URL && env.EMBEDDINGS_MODEL) {
    return createEmbeddingsEndpoint({
      url: env.EMBEDDINGS_URL,
      model: env.EMBEDDINGS_MODEL,
      apiKey: env.EMBEDDINGS_API_KEY,
      timeoutMs: ENDPOINT_TIMEOUT_MS,
    });
  }
  return createUniversalSentenceEncoder();
}
