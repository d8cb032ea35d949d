import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { SAME_FOR_EVERY_VISITOR, sendKept } from '../../lib/kept-responses.js';
import { CONFIG_FILE_PREFIX, configFileOf } from '../../ssr/config-file.js';

/** A file this route could have named: the hash's alphabet (base64url), then `.json`. */
const paramsSchema = z.object({
  file: z.string().regex(/^[\w-]{1,64}\.json$/, 'Expected a config file name such as abc123.json'),
});

/** A hashed name never changes content: the browser keeps it for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /portal-config/<hash>.json`: the config every page's app starts from, named in each page's head
 * (ssr/config-file.ts). A name of an earlier config (a page kept by a CDN across a restart with a new
 * config, another instance mid-deploy) gets this instance's config, which the browser must not keep under
 * that name: it is marked `no-cache`.
 */
export const configFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${CONFIG_FILE_PREFIX}:file`,
    {
      schema: { hide: true, params: paramsSchema, response: { 400: apiErrorSchema } },
    },
    async (request, reply) => {
      const config = configFileOf(app.portalConfig);
      const answer = await app.keptResponses.get('config-file', async () => ({
        status: 200,
        type: 'application/json; charset=utf-8',
        body: config.body,
      }));
      const current = request.params.file === config.file;
      return sendKept(request, reply, answer, current ? IMMUTABLE : 'no-cache', SAME_FOR_EVERY_VISITOR);
    },
  );
};
