import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  AUTH_REDIRECTS,
  authErrorSchema,
  authProvidersSchema,
  loginApiRequestSchema,
  loginOkSchema,
  signupApiRequestSchema,
  signupOkSchema,
} from '../../../common/contracts/auth.js';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { readFlowToken, setFlowCookie } from '../../plugins/sessions.js';
import { loginCustomer } from '../../services/auth/login-customer.js';
import { signupCustomer } from '../../services/auth/signup-customer.js';

const refusals = {
  400: authErrorSchema,
  403: authErrorSchema,
  404: authErrorSchema,
  409: authErrorSchema,
  422: authErrorSchema,
  429: authErrorSchema,
  500: apiErrorSchema,
};

/** `POST /api/auth/login`, `POST /api/auth/signup`, `GET /api/auth/providers` (spec sections 4, 5, 7, 8). */
export const customerAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
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
      const { flowToken } = await loginCustomer({
        db: app.db,
        corporateEmailDomain: app.portalConfig.support.corporateEmailDomain,
        email: request.body.email,
        providedId: request.body.providedId,
        replacesFlowToken: readFlowToken(request, app.env),
      });
      setFlowCookie(reply, request, app.env, flowToken);
      return { status: 'OK' as const, redirect: AUTH_REDIRECTS.helpdeskInit };
    },
  );

  app.post(
    '/signup',
    {
      config: { rateLimit: authRateLimit(app.env) },
      schema: {
        tags: ['auth'],
        summary: 'Customer signup',
        description:
          'Creates a customer (download allowed). Refusals: EMAIL_EXISTS (409), CONTROLLER_ID_REQUIRED (400), ' +
          'INVALID_CONTROLLER_ID (422), ID_NOT_FOUND (404), INVALID_EMAIL_ID (403), USE_AGENT_LOGIN (403). ' +
          'Then call POST /api/zendesk/createUser.',
        body: signupApiRequestSchema,
        response: { 200: signupOkSchema, ...refusals },
      },
    },
    async (request) => {
      await signupCustomer({
        db: app.db,
        corporateEmailDomain: app.portalConfig.support.corporateEmailDomain,
        email: request.body.email,
        name: request.body.name,
        providedId: request.body.providedId,
      });
      return { status: 'OK' as const };
    },
  );

  app.get(
    '/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in methods this portal offers',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ oidc: app.connectors.identity.enabled }),
  );
};
