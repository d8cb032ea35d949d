import { z } from 'zod';

/**
 * `GET /api/chat/settings`: which chat `/chatbot` shows, with the public settings it needs (never a secret).
 * `builtin` is the portal's own assistant; `intercom` the Intercom Messenger of the workspace `appId`, booted
 * at its region's `apiBase`.
 */
/**
 * The Messenger's `api_base` of each region Intercom hosts workspaces in; a workspace outside the US must boot
 * with its own (https://developers.intercom.com/installing-intercom/web/installation, "Regional data hosting").
 */
export const INTERCOM_API_BASES = {
  us: 'https://api-iam.intercom.io',
  eu: 'https://api-iam.eu.intercom.io',
  au: 'https://api-iam.au.intercom.io',
} as const;
export type IntercomRegion = keyof typeof INTERCOM_API_BASES;

export const chatClientSettingsSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('builtin') }),
  z.object({
    provider: z.literal('intercom'),
    appId: z.string().regex(/^[a-zA-Z0-9]{4,32}$/),
    apiBase: z.enum(Object.values(INTERCOM_API_BASES)),
  }),
]);
export type ChatClientSettings = z.infer<typeof chatClientSettingsSchema>;
