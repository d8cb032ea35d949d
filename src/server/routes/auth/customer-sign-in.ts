import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { AUTH_REDIRECTS, loginApiRequestSchema, loginOkSchema } from '../../../common/contracts/auth.js';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { readFlowToken, setFlowCookie } from '../../plugins/sessions.js';
import { loginCustomer } from '../../services/auth/login-customer.js';
import { refusals } from './customer-refusals.js';

/** `POST /api/auth/login`: the first step of customer sign-in (spec sections 4, 5, 8). */
export const customerSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.auth.login,
    {
      config: { rateLimit: authRateLimit(app.env) },
      schema: {
        tags: ['auth'],
        summary: 'Customer login, first step',
        description:
          'Checks the email (and the Controller ID or Customer ID when one is needed) and starts the help-desk ' +
          'authorization: a flow cookie is set and the browser goes to `redirect`. Refusals carry a code in ' +
          '`message`: USER_NOT_EXISTS, CONTROLLER_ID_REQUIRED, INVALID_CONTROLLER_ID, ID_NOT_FOUND, ' +
          'INVALID_EMAIL_ID, USE_AGENT_LOGIN, RATE_LIMITED.',
        body: loginApiRequestSchema,
        response: { 200: loginOkSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { flowToken } = await loginCustomer(app.auth, {
        email: request.body.email,
        providedId: request.body.providedId,
        replacesFlowToken: readFlowToken(request, app.env),
      });
      setFlowCookie(reply, request, app.env, flowToken);
      return { status: 'OK' as const, redirect: AUTH_REDIRECTS.helpdeskInit };
    },
  );
};
