import { z } from 'zod';

/**
 * The body of every error answer of the API (4xx and 5xx). `error` is the HTTP reason phrase, `message` a
 * sentence for a person; 5xx answers never carry internal details.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
