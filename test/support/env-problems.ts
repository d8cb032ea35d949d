import { EnvError, loadEnv } from '../../src/server/env.js';

/** The problems `loadEnv` names for `env`, none when it starts. */
export function envProblems(env: Record<string, string>): string[] {
  try {
    loadEnv(env);
    return [];
  } catch (error) {
    return error instanceof EnvError ? [...error.issues] : ['not an EnvError'];
  }
}
