import { z } from 'zod';

/**
 * `GET /api/chat/settings`: which chat `/chatbot` shows, with the public settings it needs (never a secret).
 * `builtin` is the portal's own assistant; `intercom` the Intercom Messenger of the workspace `appId`.
 */
export const chatClientSettingsSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('builtin') }),
  z.object({ provider: z.literal('intercom'), appId: z.string().regex(/^[a-zA-Z0-9]{4,32}$/) }),
]);
export type ChatClientSettings = z.infer<typeof chatClientSettingsSchema>;
