import { z } from 'zod';

/** `GET /healthz` (the process is up) and `GET /readyz` (the process can serve: the database answers). */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
});
