import { z } from 'zod';

/** The shapes environment variables share; `env.ts` and `vendor-settings.ts` build their schemas from them. */

export const booleanFlag = z.enum(['true', 'false'], { error: "must be 'true' or 'false'" });

export const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max);

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/**
 * The base URL of a vendor's API or site: http(s), without query or fragment, kept without a trailing slash so
 * an adapter appends its paths (`${ZENDESK_URL}/api/v2/...`) without doubling one.
 */
export const baseUrl = httpUrl
  .refine((value) => {
    const url = new URL(value);
    return url.search === '' && url.hash === '';
  }, 'must be a base URL without ? or #')
  .transform((value) => value.replace(/\/+$/, ''));
