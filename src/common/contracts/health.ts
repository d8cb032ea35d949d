import { z } from 'zod';

/** `GET /healthz` (the process is up) and `GET /readyz` (the process can serve: the database answers). */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /**
   * Readiness with REDIS_URL set: `degraded` while Redis does not answer. The portal still serves (readiness
   * stays 200): its rate limits and live stream places count in the database meanwhile.
   */
  redis: z.enum(['ok', 'degraded']).optional(),
  /** A sentence for the operator when something is degraded or down. */
  detail: z.string().optional(),
});
