import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentPasswordRoutes } from './agent-password.js';
import { agentSsoRoutes } from './agent-sso.js';
import { authorizationRedirectRoutes } from './authorization-redirects.js';
import { customerSignInRoutes } from './customer-sign-in.js';
import { helpdeskCallbackRoutes } from './helpdesk-callback.js';
import { logoutRoutes } from './logout.js';
import { sessionRoutes } from './session.js';
import { signupRoutes } from './signup.js';
import { trackerCallbackRoutes } from './tracker-callback.js';

/** Sign-in (customers, agents), sign-up, the authorization steps, the session and logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerSignInRoutes);
  await app.register(signupRoutes);
  await app.register(helpdeskCallbackRoutes);
  await app.register(agentSsoRoutes);
  await app.register(agentPasswordRoutes);
  await app.register(trackerCallbackRoutes);
  await app.register(sessionRoutes);
  await app.register(logoutRoutes);
  await app.register(authorizationRedirectRoutes);
};
