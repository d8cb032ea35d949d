import { z } from 'zod';

/**
 * The process environment, read once at start. Everything that differs between machines lives here; what
 * describes the product lives in the config file (`CONFIG_FILE`).
 */

const booleanFlag = z.enum(['true', 'false'], { error: "must be 'true' or 'false'" });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /** Outgoing mail; not used yet (mail goes to the log until the mail connector lands). */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  DEMO_DATA: booleanFlag.optional(),
  CONFIG_FILE: z.string().min(1).default('config/portal.yaml'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type RawEnv = z.infer<typeof envSchema>;

export interface Env extends Omit<RawEnv, 'DEMO_DATA'> {
  /** Whether demo content is seeded at start. */
  DEMO_DATA: boolean;
}

export class EnvError extends Error {
  readonly code = 'ENV_INVALID';
  constructor(readonly issues: readonly string[]) {
    super(`Invalid environment:\n  ${issues.join('\n  ')}`);
    this.name = 'EnvError';
  }
}

/**
 * Validates `source` (normally `process.env`). Throws an {@link EnvError} whose message names every bad
 * variable, so a wrong value stops the start before anything is opened.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (`PORT=`) means "not set": shells and compose files produce them easily.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const { DEMO_DATA, ...rest } = parsed.data;
  return {
    ...rest,
    // Demo content must never appear in production by accident, so there it is opt-in.
    DEMO_DATA: DEMO_DATA === undefined ? rest.NODE_ENV !== 'production' : DEMO_DATA === 'true',
  };
}
