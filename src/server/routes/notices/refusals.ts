import { apiErrorSchema } from '../../../common/contracts/api-error.js';

/** The sentences of the notice calls' 401 and 403 answers (plugins/guards.ts `authorize`). */
export const readRefusals = {
  signedOut: 'Sign in to read support notices.',
  forbidden: 'You may not read support notices.',
};

export const manageRefusals = {
  signedOut: 'Sign in as an admin to manage support notices.',
  forbidden: 'Only admins may manage support notices.',
};

export const seenByRefusals = {
  signedOut: 'Sign in as an admin to see who read a notice.',
  forbidden: 'Only admins may see who read a notice.',
};

/** The refusals a notice call may answer, for its response schema. */
export const refusalSchemas = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
