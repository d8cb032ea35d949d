import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './fake-model.js';

/**
 * A fake OpenAI-compatible embeddings server (`POST /v1/embeddings`), answering as OpenAI's API reference
 * documents "Create embeddings" (the `CreateEmbeddingResponse` of its OpenAPI description, as the SDK's
 * generated types carry it: https://unpkg.com/openai@4.45.0/src/resources/embeddings.ts):
 * `{ object: 'list', data: [{ object: 'embedding', index, embedding: number[] }], model, usage: { prompt_tokens,
 * total_tokens } }`; a failure is OpenAI's error object `{ error: { message, type, param, code } }`, and a rate
 * limit a 429 with it and a `retry-after` header. The vectors are a hash of each text's words (the same word,
 * the same direction), so texts sharing words are near, deterministic and cheap.
 */

export interface EmbeddingsRequest {
  model: string;
  input: string[];
  authorization: string | undefined;
}

/** What the next calls get: vectors (`ok`), a 400 with OpenAI's error object, or 429s before an answer. */
export type EmbeddingsBehaviour = { kind: 'ok' } | { kind: 'error' } | { kind: 'rate-limit'; times: number };

export interface FakeEmbeddings {
  /** Base URL to give as `EMBEDDINGS_URL` (`http://127.0.0.1:<port>/v1`). */
  url: string;
  /** Every call received, oldest first (the 429s too). */
  requests: EmbeddingsRequest[];
  behave(behaviour: EmbeddingsBehaviour): void;
  close(): Promise<void>;
}

export const FAKE_DIMENSIONS = 64;

/** The fake's vector of a text: the sum of one hashed direction per word. */
export function fakeVector(text: string): number[] {
  const vector = new Array<number>(FAKE_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const digest = createHash('sha256').update(word).digest();
    for (let i = 0; i < FAKE_DIMENSIONS; i += 1)
      vector[i] = (vector[i] ?? 0) + ((digest[i % 32] ?? 0) / 255 - 0.5);
  }
  return vector;
}

function openAiError(
  res: ServerResponse,
  status: number,
  error: Record<string, unknown>,
  headers = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ error }));
}

export async function startFakeEmbeddings(options: { apiKey?: string } = {}): Promise<FakeEmbeddings> {
  let behaviour: EmbeddingsBehaviour = { kind: 'ok' };
  const requests: EmbeddingsRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
        openAiError(res, 404, {
          message: 'Not found',
          type: 'invalid_request_error',
          param: null,
          code: null,
        });
        return;
      }
      const body = JSON.parse(raw) as { model: string; input: string | string[] };
      const input = typeof body.input === 'string' ? [body.input] : body.input;
      requests.push({ model: body.model, input, authorization: req.headers.authorization });
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        openAiError(res, 401, {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        });
        return;
      }
      if (behaviour.kind === 'rate-limit' && behaviour.times > 0) {
        behaviour = { ...behaviour, times: behaviour.times - 1 };
        openAiError(
          res,
          429,
          {
            message: 'Rate limit reached for requests',
            type: 'requests',
            param: null,
            code: 'rate_limit_exceeded',
          },
          { 'retry-after': '0' },
        );
        return;
      }
      if (behaviour.kind === 'error') {
        openAiError(res, 400, {
          message: "This model's maximum context length is 8192 tokens.",
          type: 'invalid_request_error',
          param: 'input',
          code: null,
        });
        return;
      }
      const tokens = input.reduce((sum, text) => sum + text.split(/\s+/).length, 0);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text) })),
          model: body.model,
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave: (next) => {
      behaviour = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
