import OpenAI from 'openai';
import { unitVector, type Embedder } from '../types.js';

export interface EmbeddingsEndpointOptions {
  /** `EMBEDDINGS_URL`: the API's base (`https://host/v1`) or its whole `.../embeddings` address. */
  url: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

/** The client library appends `/embeddings` to its base; an address that already names it is cut back. */
export function embeddingsBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/embeddings$/, '');
}

/**
 * An OpenAI-compatible embeddings endpoint (OpenAI, Azure OpenAI's v1 API, vLLM, Ollama, LM Studio...),
 * through OpenAI's own client library: `POST /embeddings` with `model` and `input` (a list of texts), answered
 * with `data[].embedding` and `data[].index`. The library retries a 429 or a 5xx twice, after the wait the
 * answer asks for; the background job that calls this tries the rest again at the next content load.
 */
export function createEmbeddingsEndpoint(options: EmbeddingsEndpointOptions): Embedder {
  const client = new OpenAI({
    baseURL: embeddingsBaseUrl(options.url),
    // The library refuses to start without a key; a local model server without one ignores the header.
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutMs,
    maxRetries: 2,
  });
  return {
    batchSize: 64,
    id: `openai:${embeddingsBaseUrl(options.url)}:${options.model}`,
    async embed(texts) {
      if (texts.length === 0) return [];
      const response = await client.embeddings.create({
        model: options.model,
        input: [...texts],
        encoding_format: 'float',
      });
      const vectors: Float32Array[] = [];
      for (const item of response.data) vectors[item.index] = unitVector(item.embedding);
      if (vectors.length !== texts.length || vectors.some((vector) => vector === undefined)) {
        throw new Error(
          `the embeddings endpoint answered ${response.data.length} vectors for ${texts.length} texts`,
        );
      }
      return vectors;
    },
  };
}
