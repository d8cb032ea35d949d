import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSmallAnswerCompression, SMALL_ANSWER_MAX_BYTES } from './small-answers.js';

/** A JSON answer of about `bytes` bytes. */
const answerOf = (bytes: number) => ({ items: 'search answer '.repeat(Math.ceil(bytes / 14)) });

describe('small answers compressed in one call', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    // As the app registers them (plugins/foundation.ts).
    await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
    registerSmallAnswerCompression(app);
    app.get('/json', async (request) => answerOf(Number((request.query as { bytes: string }).bytes)));
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('plain text '.repeat(500)));
    app.get('/raw', { config: { compress: false } }, async () => answerOf(5000));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a small JSON answer whole, with its length, in the encoding the client prefers', async () => {
    const expected = JSON.stringify(answerOf(5000));
    const br = await get('/json?bytes=5000', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);

    const gzip = await get('/json?bytes=5000', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected);
  });

  it('leaves the rest to the compression plugin as before', async () => {
    // No encoding accepted, or refused.
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/json?bytes=5000', acceptEncoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(answerOf(5000));
    }
    // Too small to gain anything.
    expect((await get('/json?bytes=200', 'br')).headers['content-encoding']).toBeUndefined();
    // Larger answers, and other types, go through the plugin's stream.
    const large = await get(`/json?bytes=${SMALL_ANSWER_MAX_BYTES * 2}`, 'br');
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['content-length']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toEqual(
      answerOf(SMALL_ANSWER_MAX_BYTES * 2),
    );
    const text = await get('/text', 'br');
    expect(text.headers['content-encoding']).toBe('br');
    expect(text.headers['content-length']).toBeUndefined();
    // A route that turns compression off.
    expect((await get('/raw', 'br')).headers['content-encoding']).toBeUndefined();
  });
});
