import { apiErrorSchema } from '../../../common/contracts/api-error.js';

/** The sentences of the ticket calls' 401 and 403 answers (plugins/guards.ts `authorize`). */
export const readRefusals = {
  signedOut: 'Sign in to see your tickets.',
  forbidden: 'You may not see tickets.',
};

export const createRefusals = {
  signedOut: 'Sign in to open a ticket.',
  forbidden: 'Tickets are opened by customers; agents open them in the agent console for a customer.',
};

export const staffRefusals = {
  signedOut: 'Sign in as an agent to work tickets.',
  forbidden: 'Only agents and admins work tickets in the agent console.',
};

export const refusalSchemas = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
