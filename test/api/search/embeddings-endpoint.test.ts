import { APIError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddingsEndpoint } from '../../../src/server/connectors/embedder/openai-compatible/embeddings-endpoint.js';
import type { Embedder } from '../../../src/server/connectors/embedder/types.js';
import {
  FAKE_DIMENSIONS,
  fakeVector,
  startFakeEmbeddings,
  type FakeEmbeddings,
} from '../../support/fake-embeddings.js';

/** The operator's embedder: an OpenAI-compatible `/v1/embeddings` endpoint (here a fake that answers like OpenAI). */
describe('the embeddings endpoint', () => {
  let fake: FakeEmbeddings;
  let embedder: Embedder;
  beforeAll(async () => {
    fake = await startFakeEmbeddings({ apiKey: 'sk-test' });
    embedder = createEmbeddingsEndpoint({
      url: `${fake.url}/embeddings`,
      model: 'text-embedding-3-small',
      apiKey: 'sk-test',
      timeoutMs: 5000,
    });
  });
  afterAll(async () => fake.close());
  beforeEach(() => fake.behave({ kind: 'ok' }));

  const length = (vector: Float32Array | undefined) => Math.hypot(...(vector ?? []));

  it('sends the texts in one call and answers their vectors in order, scaled to length 1', async () => {
    const before = fake.requests.length;
    const texts = ['gateway down after upgrade', 'tunnel flapping', 'gateway down'];
    const vectors = await embedder.embed(texts);
    expect(fake.requests.slice(before)).toEqual([
      { model: 'text-embedding-3-small', input: texts, authorization: 'Bearer sk-test' },
    ]);
    expect(vectors.map((vector) => vector.length)).toEqual([
      FAKE_DIMENSIONS,
      FAKE_DIMENSIONS,
      FAKE_DIMENSIONS,
    ]);
    vectors.forEach((vector) => expect(length(vector)).toBeCloseTo(1, 5));
    const expected = fakeVector(texts[1] ?? '');
    expect(vectors[1]?.[0]).toBeCloseTo((expected[0] ?? 0) / Math.hypot(...expected), 5);
    expect(embedder.id).toBe(`openai:${fake.url}:text-embedding-3-small`);
  });

  it("throws the endpoint's error, with OpenAI's message and status", async () => {
    fake.behave({ kind: 'error' });
    const failure = await embedder.embed(['x']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(APIError);
    expect((failure as APIError).status).toBe(400);
    expect((failure as APIError).message).toMatch(/maximum context length/);
  });

  it('waits out a 429 and tries again; a rate limit that lasts is an error', async () => {
    fake.behave({ kind: 'rate-limit', times: 1 });
    const before = fake.requests.length;
    expect(await embedder.embed(['vpn client'])).toHaveLength(1);
    expect(fake.requests.length - before).toBe(2);

    fake.behave({ kind: 'rate-limit', times: 10 });
    const failure = await embedder.embed(['vpn client']).catch((error: unknown) => error);
    expect((failure as APIError).status).toBe(429);
    expect((failure as APIError).message).toMatch(/Rate limit reached/);
  });

  it('a wrong key is refused (401)', async () => {
    const wrong = createEmbeddingsEndpoint({
      url: fake.url,
      model: 'm',
      apiKey: 'sk-wrong',
      timeoutMs: 5000,
    });
    const failure = await wrong.embed(['x']).catch((error: unknown) => error);
    expect((failure as APIError).status).toBe(401);
  });
});
