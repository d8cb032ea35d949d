import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  authErrorSchema,
  createUserApiRequestSchema,
  signupApiRequestSchema,
  signupOkSchema,
  statusOkSchema,
} from '../../../common/contracts/auth.js';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { createHelpdeskUser, signupCustomer } from '../../services/auth/signup-customer.js';
import { refusals } from './customer-refusals.js';

/** Customer signup: the portal's user, then the help desk's user (two calls, as the spec's flow makes them). */
export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.auth.signup,
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
      await signupCustomer(app.auth, {
        email: request.body.email,
        name: request.body.name,
        providedId: request.body.providedId,
      });
      return { status: 'OK' as const };
    },
  );

  app.post(
    apiPaths.helpdesk.createUser,
    {
      config: { rateLimit: authRateLimit(app.env) },
      schema: {
        tags: ['auth'],
        summary: 'Create the help-desk user of a customer who just signed up',
        description:
          '409 EMAIL_EXISTS when the help desk already has the address; 404 USER_NOT_EXISTS when the portal has no such customer.',
        body: createUserApiRequestSchema,
        response: {
          200: statusOkSchema,
          400: apiErrorSchema,
          404: authErrorSchema,
          409: authErrorSchema,
          429: authErrorSchema,
        },
      },
    },
    async (request) => {
      await createHelpdeskUser(app.auth, request.body.user.email);
      return { status: 'OK' as const };
    },
  );
};
