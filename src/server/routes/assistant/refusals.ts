import { apiErrorSchema } from '../../../common/contracts/api-error.js';

/** The sentences of the assistant calls' 401 and 403 answers (plugins/guards.ts `authorize`). */
export const assistantRefusals = {
  signedOut: 'Sign in to use the assistant.',
  forbidden: 'You may not use the assistant.',
};

export const assistantRefusalSchemas = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
