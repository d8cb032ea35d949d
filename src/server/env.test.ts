import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.js';

describe('loadEnv', () => {
  it('applies defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      CONFIG_FILE: 'config/portal.yaml',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      DEMO_DATA: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('turns demo data off in production unless asked for', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).DEMO_DATA).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
    expect(loadEnv({ DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ PORT: '' }).PORT).toBe(3000);
  });

  it('names every wrong variable', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'eighty', DEMO_DATA: 'yes', DATABASE_URL: 'mysql://x/y', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const issues = (error as EnvError).issues.map((line) => line.split(':')[0]);
    expect(issues.sort()).toEqual(['DATABASE_URL', 'DEMO_DATA', 'LOG_LEVEL', 'PORT']);
    expect((error as EnvError).message).toContain("DEMO_DATA: must be 'true' or 'false'");
  });
});
