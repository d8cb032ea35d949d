import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../../common/contracts/api-error.js';
import {
  authErrorSchema,
  helpdeskStartOkSchema,
  helpdeskStartRequestSchema,
  helpdeskVerifyOkSchema,
  helpdeskVerifyRequestSchema,
} from '../../../../common/contracts/auth.js';
import { requestOrigin } from '../../../plugins/origin.js';
import { authRateLimit } from '../../../plugins/rate-limits.js';
import { apiPaths } from '../../../../common/api-paths.js';
import type { BuiltinHelpdesk } from './types.js';

/**
 * The API behind the built-in help desk's authorization page (`/helpdesk/authorize`, a page of the web app).
 * Mounted at `/api/helpdesk/authorize`. A vendor help desk runs its own page and needs none of this.
 */
export const builtinHelpdeskRoutes =
  (helpdesk: Omit<BuiltinHelpdesk, 'routes'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      apiPaths.helpdesk.authorizeStart,
      {
        config: { rateLimit: authRateLimit(app.env) },
        schema: {
          tags: ['helpdesk'],
          summary: 'Open an authorization request and email its one-time code',
          description:
            'The page posts the OAuth parameters it was opened with. They must name the registered client and ' +
            'redirect URI (400 otherwise). A six-digit code goes to `login_hint`; `sentTo` is the masked address. ' +
            'Per address, a new code replaces the pending one, and past SIGN_IN_CODES_PER_ADDRESS codes or ' +
            'SIGN_IN_WRONG_CODES_PER_ADDRESS wrong codes in the window nothing is sent: 429 with a sentence saying ' +
            'when to try again. Addresses without an account get the same answers.',
          body: helpdeskStartRequestSchema,
          response: {
            200: helpdeskStartOkSchema,
            400: apiErrorSchema,
            429: authErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request) =>
        helpdesk.startAuthorization({
          params: request.body,
          origin: requestOrigin(request, app.env),
        }),
    );

    app.post(
      apiPaths.helpdesk.authorizeVerify,
      {
        config: { rateLimit: authRateLimit(app.env) },
        schema: {
          tags: ['helpdesk'],
          summary: 'Check the one-time code',
          description:
            'Accepted once, within 10 minutes, in at most 5 attempts. 401 for a wrong code (the message says how ' +
            'many attempts are left), 400 once the request is used, expired, replaced or exhausted, 429 once the ' +
            'address has had its wrong codes of the window. On success the browser goes to `redirect` ' +
            '(`/zendeskAuth?code=&state=`).',
          body: helpdeskVerifyRequestSchema,
          response: {
            200: helpdeskVerifyOkSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            429: authErrorSchema,
          },
        },
      },
      async (request) => helpdesk.verifyOneTimeCode(request.body),
    );
  };
