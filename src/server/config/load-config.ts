import { readFile } from 'node:fs/promises';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { z } from 'zod';
import { portalConfigSchema, type PortalConfig } from '../../common/portal-config.js';

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  /** One line per problem, each starting with the file name. */
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function describeIssue(file: string, issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  return `${file}: ${path === '' ? '(root)' : path}: ${issue.message}`;
}

/** Validates an already parsed config object; exported so tests need no file on disk. */
export function parseConfig(file: string, data: unknown): PortalConfig {
  const parsed = portalConfigSchema.safeParse(data);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => describeIssue(file, issue)));
  return parsed.data;
}

/**
 * Reads a YAML file of `config/` and validates it with `schema`. Every failure (missing file, YAML syntax, a
 * field of the wrong type) becomes a {@link ConfigError} naming the file and, for schema problems, each field
 * by its dotted path, e.g. `config/portal.yaml: support.phone: Invalid input: expected string, received number`.
 */
export async function loadYamlFile<S extends z.ZodType>(file: string, schema: S): Promise<z.output<S>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason =
      error instanceof Error && 'code' in error && error.code === 'ENOENT' ? 'file not found' : String(error);
    throw new ConfigError([`${file}: ${reason}`]);
  }
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    if (error instanceof YAMLParseError) throw new ConfigError([`${file}: YAML syntax: ${error.message}`]);
    throw error;
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => describeIssue(file, issue)));
  return parsed.data;
}

/** Reads and validates the portal configuration file (`CONFIG_FILE`). */
export function loadConfig(file: string): Promise<PortalConfig> {
  return loadYamlFile(file, portalConfigSchema);
}
