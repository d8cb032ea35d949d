import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { SAME_FOR_EVERY_VISITOR, sendKept } from '../../lib/kept-responses.js';
import { CONFIG_SCRIPT_PREFIX, configScriptOf } from '../../ssr/config-script.js';

/** A file this route could have named: the hash's alphabet (base64url), then `.js`. */
const paramsSchema = z.object({
  file: z.string().regex(/^[\w-]{1,64}\.js$/, 'Expected a config script name such as abc123.js'),
});

/** A hashed name never changes content: the browser keeps it for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /portal-config/<hash>.js`: the config every page's app starts from, named in each page's head
 * (ssr/config-script.ts). A name of an earlier config (a page kept by a CDN across a restart with a new
 * config, another instance mid-deploy) gets this instance's config, which the browser must not keep under
 * that name: it is marked `no-cache`.
 */
export const configScriptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${CONFIG_SCRIPT_PREFIX}:file`,
    {
      schema: { hide: true, params: paramsSchema, response: { 400: apiErrorSchema } },
    },
    async (request, reply) => {
      const script = configScriptOf(app.portalConfig);
      const answer = await app.keptResponses.get('config-script', async () => ({
        status: 200,
        type: 'text/javascript; charset=utf-8',
        body: script.source,
      }));
      const current = request.params.file === script.file;
      return sendKept(request, reply, answer, current ? IMMUTABLE : 'no-cache', SAME_FOR_EVERY_VISITOR);
    },
  );
};
