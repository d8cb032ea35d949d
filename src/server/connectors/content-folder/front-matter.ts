import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/**
 * Front matter of content files: a YAML block between `---` lines at the very top, then the Markdown body.
 */

export interface ContentFile<Data> {
  data: Data;
  body: string;
}

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export class ContentFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentFileError';
  }
}

/** `2025-01-14` (YAML keeps it a string under its core schema) or a full ISO timestamp. */
const dateField = z.union([z.string(), z.date()]).transform((value, ctx) => {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'must be a date (YYYY-MM-DD)' });
    return z.NEVER;
  }
  return date;
});

const count = z.number().int().min(0).default(0);
const text = z.string().trim().min(1).max(500);

export const kbFrontMatterSchema = z.object({
  title: text,
  section: text,
  category: text,
  signInRequired: z.boolean().default(false),
  updated: dateField,
  views: count,
});
export type KbFrontMatter = z.infer<typeof kbFrontMatterSchema>;

export const docsFrontMatterSchema = z.object({
  title: text,
  domain: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as docs.acme.example'),
  path: z
    .string()
    .trim()
    .regex(/^\/\S*$/, 'must start with /'),
  updated: dateField,
});
export type DocsFrontMatter = z.infer<typeof docsFrontMatterSchema>;

export const communityFrontMatterSchema = z.object({
  title: text,
  author: text,
  created: dateField,
  replies: count,
});
export type CommunityFrontMatter = z.infer<typeof communityFrontMatterSchema>;

/** Parses one file; throws {@link ContentFileError} naming the bad field. */
export function parseContentFile<Schema extends z.ZodType>(
  source: string,
  schema: Schema,
): ContentFile<z.output<Schema>> {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new ContentFileError('no front matter (a --- block at the top)');
  let raw: unknown;
  try {
    raw = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new ContentFileError(`front matter is not valid YAML: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) {
    throw new ContentFileError(
      parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`)
        .join('; '),
    );
  }
  return { data: parsed.data, body: source.slice(match[0].length) };
}
