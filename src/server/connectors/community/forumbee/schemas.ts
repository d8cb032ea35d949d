import { z } from 'zod';

/**
 * What the portal reads from Forumbee's `GET /api/2/posts`, and every guess about it. Forumbee's reference
 * (https://community.forumbee.com/t/y72fnn/api-reference) could not be read; the names below are those public
 * clients of the API ask for and read (docs/vendors/forumbee.md):
 *   S1 https://github.com/jeffdickman/forumbee-mcp-server (mcp-server/src/forumbee_mcp/client.py)
 *   S2 https://github.com/jeffdickman/forumbee-api-discussion-extract (get-post-text.py, get-categories-post-list.py)
 *   S3 a Kiva browser extension reading kiva.forumbee.com/api/2/posts (code index)
 * Where a field's shape is not documented the schema accepts each likely form and says so.
 */

/** The fields the feed asks for (`fields=`), names as S1 and S2 send them. */
export const FORUMBEE_POST_FIELDS = [
  'postKey',
  'title',
  'text',
  'posted',
  'replyCount',
  'url',
  'author.name',
] as const;

/** Not documented: the format of `posted`. ISO 8601 is assumed; epoch milliseconds are read too. */
const postedSchema = z.union([
  z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not a date'),
  z.number().int().nonnegative(),
]);

/** Not documented: whether counts come as numbers in JSON (S2 reads them from CSV, as text). Both are read. */
const countSchema = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

export const forumbeePostSchema = z
  .object({
    // S1, S2, S3: `postKey`, a short text key (`y72fnn`).
    postKey: z.string().min(1),
    title: z.string(),
    // Not documented: whether a post without a body omits `text`; it is read as empty.
    text: z.string().default(''),
    // S1, S2: `posted` is the creation date (`active` the last activity).
    posted: postedSchema,
    // Not documented: whether `replyCount` is left out when zero.
    replyCount: countSchema.default(0),
    // S1, S2 ask for `url`. Not documented: whether it is absolute; a path is resolved against the community.
    url: z.string().min(1).optional(),
    // Not documented: how a dotted field (`author.name`) comes back in JSON: nested, or under its dotted name.
    author: z.object({ name: z.string().optional() }).loose().nullish(),
    'author.name': z.string().optional(),
  })
  .loose();

export type ForumbeePost = z.infer<typeof forumbeePostSchema>;

export const forumbeePostPageSchema = z
  .object({
    // S3 reads `page.data`.
    data: z.array(forumbeePostSchema),
    // The portal spec names `paging.count`; no client was seen reading it, so it is optional and unused.
    paging: z.object({ count: z.number().optional() }).loose().optional(),
  })
  .loose();

export type ForumbeePostPage = z.infer<typeof forumbeePostPageSchema>;
