import { Readable } from 'node:stream';
import parseRange from 'range-parser';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../../common/api-paths.js';
import type { ApiError } from '../../../../common/contracts/api-error.js';
import { PLAIN_FILE_NAME } from '../../../../common/downloads.js';
import { attachmentDisposition } from '../download-name.js';
import { checkObjectKey } from '../object-key.js';
import type { BuiltinStorage } from './storage.js';
import { checkSignature } from './url-signing.js';

const querySchema = z.object({
  key: z.string().min(1).max(1024),
  /** The name the file is saved as; signed with the key, so nobody can change it. */
  name: z.string().regex(PLAIN_FILE_NAME, 'must be a plain file name'),
  expires: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 40),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a signature'),
});

const refused = (message: string): ApiError => ({ error: 'Forbidden', message });

/**
 * `GET /api/storage/object`: the built-in store's signed URLs. No session: the signature is the permission,
 * good for one object and five minutes. One byte range (`Range: bytes=...`) answers 206, so a download
 * manager can resume; several ranges get the whole file, an unsatisfiable one 416.
 */
export function builtinStorageRoutes(storage: BuiltinStorage): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.storage.object,
      {
        // The bodies are images and archives: nothing to gain from compressing, and a range must stay exact.
        // In `config`, where every compression of answers (plugins/small-answers.ts too) reads it.
        config: { compress: false },
        schema: {
          tags: ['storage'],
          summary: 'Fetch an object through a signed URL',
          description:
            'The URL comes from `POST /api/downloads/download`. 403 when the signature does not match the key, ' +
            'name and expiry or the URL has expired; 206 for one satisfiable `Range`, 416 for an unsatisfiable one.',
          // No response schema: the 200 and 206 bodies are bytes, and refusals are the usual JSON error.
          querystring: querySchema,
        },
      },
      async (request, reply) => {
        const { key, name, expires, signature } = request.query;
        const check = checkSignature(
          await storage.signingKey(),
          { key, fileName: name, expires },
          signature,
          Math.floor(Date.now() / 1000),
        );
        reply.header('cache-control', 'private, no-store');
        if (check === 'forged') return reply.code(403).send(refused('This download link is not valid.'));
        if (check === 'expired') {
          return reply
            .code(403)
            .send(
              refused('This download link has expired. Start the download again from the downloads page.'),
            );
        }
        const gone = () =>
          reply
            .code(404)
            .type('application/json; charset=utf-8')
            .send({ error: 'Not Found', message: 'The file is no longer available.' });
        const objectKey = checkObjectKey(key);
        reply.header('accept-ranges', 'bytes');
        // No bytes are read yet: the body is read chunk by chunk as the client takes it.
        const whole = request.headers.range ? undefined : await storage.get(objectKey);
        const object = whole?.object ?? (await storage.head(objectKey));
        if (!object) return gone();

        const ranges = request.headers.range ? parseRange(object.size, request.headers.range) : undefined;
        if (ranges === -1) {
          return reply
            .code(416)
            .header('content-range', `bytes */${object.size}`)
            .send({ error: 'Range Not Satisfiable', message: `The file has ${object.size} bytes.` });
        }
        // Several ranges (or a unit other than bytes) get the whole file, as HTTP allows.
        const range =
          Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
        const body = range
          ? await storage.getRange(object.key, range.start, range.end)
          : (whole?.body ?? (await storage.get(object.key))?.body);
        if (!body) return gone();
        if (range)
          reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
        // A byte stream (not object mode) reads the next chunk only once the client has taken the last one.
        // Should the object change mid-read, the stream fails and the connection is cut short of its length.
        if (object.sha256) reply.header('etag', `"${object.sha256}"`);
        return reply
          .header('content-type', object.contentType)
          .header('content-disposition', attachmentDisposition(name))
          .header('content-length', range ? range.end - range.start + 1 : object.size)
          .send(Readable.from(body, { objectMode: false }));
      },
    );
  };
}
