import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { chooseEncoding } from '../lib/kept-responses.js';

/**
 * JSON answers up to {@link SMALL_ANSWER_MAX_BYTES} are compressed in one synchronous call and sent whole with
 * a `Content-Length`, before `@fastify/compress` sees them (it leaves an answer that has its encoding already).
 * The plugin compresses every answer as a stream: a Brotli stream per answer, its chunks written one by one
 * (chunked encoding), the work handed to libuv's pool and back. For a search answer of a few kilobytes that
 * machinery cost more than the compression itself (a CPU profile of uncached searches: 0.6 ms of 4.6 ms per
 * search in the stream, where one call takes about 0.1 ms and the answer leaves in one write). Larger answers
 * keep the stream, so that no single call holds the event loop for long.
 */

/** The largest body compressed in one call: at Brotli quality 4, about a third of a millisecond. */
export const SMALL_ANSWER_MAX_BYTES = 64 * 1024;
/** Below this the plugin sends the body as it is (its own threshold): nothing to gain. */
const SMALL_ANSWER_MIN_BYTES = 1024;
/** The plugin's own quality for streams (its recommended default), so a body compresses the same either way. */
const BROTLI_QUALITY = 4;

function isJson(type: unknown): boolean {
  return typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json(?:;|$)/i.test(type);
}

/** Adds `Accept-Encoding` to `Vary`, as the plugin does for what it compresses. */
function varyOnEncoding(current: unknown): string {
  const names = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (names === '') return 'accept-encoding';
  return /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(names) ? names : `${names}, accept-encoding`;
}

export function registerSmallAnswerCompression(app: FastifyInstance): void {
  // An instance hook runs before the route hooks `@fastify/compress` adds to every route.
  app.addHook('onSend', (request, reply, payload, done) => {
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    if (
      body === null ||
      // A route with its own compression settings (or none) is left to the plugin.
      request.routeOptions.config.compress !== undefined ||
      request.headers['x-no-compression'] !== undefined ||
      reply.hasHeader('content-encoding') ||
      !isJson(reply.getHeader('content-type'))
    ) {
      return done(null, payload);
    }
    const size = Buffer.byteLength(body);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (size < SMALL_ANSWER_MIN_BYTES || size > SMALL_ANSWER_MAX_BYTES || encoding === null) {
      return done(null, payload);
    }
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: size },
          })
        : gzipSync(body);
    reply.header('content-encoding', encoding).header('vary', varyOnEncoding(reply.getHeader('vary')));
    // Fastify counts the compressed body's length itself.
    reply.removeHeader('content-length');
    return done(null, compressed);
  });
}
