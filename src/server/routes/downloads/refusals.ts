import { apiErrorSchema } from '../../../common/contracts/api-error.js';

/** The sentences of the download calls' 401 and 403 answers (plugins/guards.ts `authorize`). */
export const downloadRefusals = {
  signedOut: 'Please login to view and Download files.',
  forbidden: 'Your account is not enabled for downloads. Ask your account manager or the support team.',
};

export const recordRefusals = {
  signedOut: 'Sign in as an admin to see the download records.',
  forbidden: 'Only admins may see the download records.',
};

export const refusalSchemas = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
