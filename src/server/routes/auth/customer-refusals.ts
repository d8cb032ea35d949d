import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { authErrorSchema } from '../../../common/contracts/auth.js';

/** The refusals of customer login and signup: a stable code in `message` (spec section 8). */
export const refusals = {
  400: authErrorSchema,
  403: authErrorSchema,
  404: authErrorSchema,
  409: authErrorSchema,
  422: authErrorSchema,
  429: authErrorSchema,
  500: apiErrorSchema,
};
