/**
 * Zendesk's answers as the help-desk adapter reads them: only the fields it uses are required; the rest pass
 * through unread.
 */
import { z } from 'zod';

/**
 * The token answer of the authorization-code grant: `access_token`, `token_type` ("bearer"), `scope`
 * (https://developer.zendesk.com/api-reference/ticketing/oauth/grant_type_tokens/); `refresh_token` and
 * `expires_in` are sent too since expiring tokens, and are not read: the token is used once and dropped.
 */
export const userTokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', 'expected a bearer token'),
});

/**
 * A user record (https://developer.zendesk.com/api-reference/ticketing/users/users/: `id`, `name`, `email`,
 * `role` "end-user", "agent" or "admin", `user_fields`, `suspended`). `email` can be null for a user known by
 * phone only; such a user never signs in to the portal. A custom role's agent still has `role` "agent".
 */
export const zendeskUserSchema = z.object({
  id: z.number().int().nonnegative(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(['end-user', 'agent', 'admin']),
  suspended: z.boolean().optional(),
  /** Custom user fields by key; a field without a value is null. */
  user_fields: z.record(z.string(), z.unknown()).nullish(),
});
export type ZendeskUser = z.infer<typeof zendeskUserSchema>;

/** `GET /api/v2/users/me.json` and `POST /api/v2/users.json` answer `{user}` (the users page above). */
export const userAnswerSchema = z.object({ user: zendeskUserSchema });

/**
 * `GET /api/v2/users/search.json` answers `{users, next_page, previous_page, count}`, offset paging only
 * (the Search Users endpoint of the users page above). One address matches at most a handful of records.
 */
export const userSearchAnswerSchema = z.object({ users: z.array(zendeskUserSchema) });

/**
 * The 422 of a create whose address another user holds: `{"error":"RecordInvalid","description":"Record
 * validation errors","details":{"email":[{"error":"DuplicateValue","description":"Email: … is already being
 * used by another user"}]}}`. Not on the reference page: the `{error, description, details}` form is
 * Zendesk's answer to invalid records (https://www.getmacha.com/blog/zendesk-api-errors-401-422-429: a JSON
 * body "with an error key and often a details map pointing at the offending field"), and the wording "is
 * already being used by another user" is quoted in
 * https://community.zendesk.com/developer-user-group-93/the-request-fails-with-http-422-unprocessable-entity-for-user-creation-or-update-21742.
 * The `DuplicateValue` code is not documented: any `details.email[].error` naming a duplicate counts.
 */
export const recordInvalidSchema = z.object({
  error: z.literal('RecordInvalid'),
  details: z
    .object({
      email: z.array(z.object({ error: z.string(), description: z.string().optional() })).optional(),
    })
    .optional(),
});
