import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.js';

const SECRET = 'x'.repeat(32);
const PUBLIC_URL = 'https://support.acme.example';
const ENTRA = {
  OIDC_ISSUER: 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0',
  OIDC_CLIENT_ID: 'portal',
  OIDC_CLIENT_SECRET: 's',
};

function problems(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return [...error.issues];
    throw error;
  }
  return [];
}

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
    expect(loadEnv({ NODE_ENV: 'production', PUBLIC_URL, CHAT_JWT_SECRET: SECRET }).DEMO_DATA).toBe(false);
    expect(
      loadEnv({ NODE_ENV: 'production', PUBLIC_URL, CHAT_JWT_SECRET: SECRET, DEMO_DATA: 'true' }).DEMO_DATA,
    ).toBe(true);
    expect(loadEnv({ DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ PORT: '' }).PORT).toBe(3000);
  });

  it('takes PGLITE_SHARED_BUFFERS only as a PostgreSQL size (it becomes a start parameter)', () => {
    expect(loadEnv({}).PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(loadEnv({ PGLITE_SHARED_BUFFERS: '128MB' }).PGLITE_SHARED_BUFFERS).toBe('128MB');
    for (const bad of ['32', '32 MB', '32MB -c fsync=off', '1TB']) {
      expect(() => loadEnv({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(EnvError);
    }
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

  it('applies the sign-in defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      SESSION_IDLE_MINUTES: 60,
      SESSION_ABSOLUTE_HOURS: 12,
      RATE_LIMIT_AUTH_PER_MINUTE: 300,
      TRUST_PROXY: false,
    });
    expect(env.PUBLIC_URL).toBeUndefined();
    expect(env.OIDC_ISSUER).toBeUndefined();
    expect(
      loadEnv({ NODE_ENV: 'production', PUBLIC_URL, CHAT_JWT_SECRET: SECRET }).RATE_LIMIT_AUTH_PER_MINUTE,
    ).toBe(10);
    expect(loadEnv({ RATE_LIMIT_AUTH_PER_MINUTE: '3' }).RATE_LIMIT_AUTH_PER_MINUTE).toBe(3);
  });

  it('limits one-time codes per address by default, and names a wrong limit', () => {
    expect(loadEnv({})).toMatchObject({
      SIGN_IN_CODES_PER_ADDRESS: 5,
      SIGN_IN_WRONG_CODES_PER_ADDRESS: 10,
      SIGN_IN_CODE_LIMIT_WINDOW_MINUTES: 60,
    });
    expect(loadEnv({ SIGN_IN_CODES_PER_ADDRESS: '3' }).SIGN_IN_CODES_PER_ADDRESS).toBe(3);
    expect(
      problems({
        SIGN_IN_CODES_PER_ADDRESS: '0',
        SIGN_IN_WRONG_CODES_PER_ADDRESS: 'many',
        SIGN_IN_CODE_LIMIT_WINDOW_MINUTES: '-5',
      }).map((line) => line.split(':')[0]),
    ).toEqual([
      'SIGN_IN_CODES_PER_ADDRESS',
      'SIGN_IN_WRONG_CODES_PER_ADDRESS',
      'SIGN_IN_CODE_LIMIT_WINDOW_MINUTES',
    ]);
  });

  it('trusts the identity provider for email addresses only when OIDC_EMAILS_VERIFIED=true', () => {
    expect(loadEnv({}).OIDC_EMAILS_VERIFIED).toBe(false);
    expect(loadEnv({ ...ENTRA, OIDC_EMAILS_VERIFIED: 'true' }).OIDC_EMAILS_VERIFIED).toBe(true);
    expect(problems({ OIDC_EMAILS_VERIFIED: 'yes' })).toEqual([
      "OIDC_EMAILS_VERIFIED: must be 'true' or 'false'",
    ]);
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('keeps only the origin of PUBLIC_URL', () => {
    expect(loadEnv({ PUBLIC_URL: 'https://support.acme.example/some/path' }).PUBLIC_URL).toBe(
      'https://support.acme.example',
    );
    expect(problems({ PUBLIC_URL: 'ftp://x' })[0]).toMatch(/^PUBLIC_URL:/);
  });

  it('requires the OIDC client id and secret once OIDC_ISSUER is set, naming each', () => {
    expect(problems({ OIDC_ISSUER: 'https://login.example/tenant/v2.0' })).toEqual([
      'OIDC_CLIENT_ID: required when OIDC_ISSUER is set',
      'OIDC_CLIENT_SECRET: required when OIDC_ISSUER is set',
    ]);
    expect(problems({ OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'portal' })).toEqual([
      'OIDC_CLIENT_SECRET: required when OIDC_ISSUER is set',
    ]);
    expect(
      problems({ OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 's' }),
    ).toEqual([]);
  });

  it('refuses one Intercom setting without the other, naming the missing one, and checks the app id', () => {
    expect(problems({ INTERCOM_APP_ID: 'abc12def' })).toEqual([
      'INTERCOM_IDENTITY_SECRET: required when INTERCOM_APP_ID is set',
    ]);
    expect(problems({ INTERCOM_IDENTITY_SECRET: 'i'.repeat(40) })).toEqual([
      'INTERCOM_IDENTITY_SECRET: set without INTERCOM_APP_ID, which turns Intercom on: set INTERCOM_APP_ID ' +
        'too, or remove INTERCOM_IDENTITY_SECRET',
    ]);
    expect(problems({ INTERCOM_APP_ID: 'abc/../x', INTERCOM_IDENTITY_SECRET: 'i'.repeat(40) })[0]).toMatch(
      /^INTERCOM_APP_ID: must be an Intercom app id/,
    );
    expect(problems({ INTERCOM_APP_ID: 'abc12def', INTERCOM_IDENTITY_SECRET: 'short' })[0]).toMatch(
      /^INTERCOM_IDENTITY_SECRET: must be at least 20/,
    );
    // Intercom's secret signs the chat token then, so production needs no CHAT_JWT_SECRET.
    expect(
      problems({
        NODE_ENV: 'production',
        PUBLIC_URL,
        INTERCOM_APP_ID: 'abc12def',
        INTERCOM_IDENTITY_SECRET: 'i'.repeat(40),
      }),
    ).toEqual([]);
  });

  it('requires the model with the assistant model URL, and an http(s) URL', () => {
    expect(problems({ ASSISTANT_LLM_URL: 'http://127.0.0.1:11434/v1' })).toEqual([
      'ASSISTANT_LLM_MODEL: required when ASSISTANT_LLM_URL is set',
    ]);
    expect(problems({ ASSISTANT_LLM_URL: 'file:///etc/passwd', ASSISTANT_LLM_MODEL: 'm' })[0]).toMatch(
      /^ASSISTANT_LLM_URL: must be an http/,
    );
    expect(
      problems({ ASSISTANT_LLM_URL: 'https://api.openai.example/v1', ASSISTANT_LLM_MODEL: 'gpt-4.1-mini' }),
    ).toEqual([]);
  });

  it('requires CHAT_JWT_SECRET in production and an https issuer there', () => {
    expect(problems({ NODE_ENV: 'production', PUBLIC_URL })).toEqual([
      'CHAT_JWT_SECRET: required when NODE_ENV=production (at least 32 random characters)',
    ]);
    expect(problems({ CHAT_JWT_SECRET: 'short' })[0]).toMatch(/^CHAT_JWT_SECRET: must be at least 32/);
    expect(
      problems({
        NODE_ENV: 'production',
        PUBLIC_URL,
        CHAT_JWT_SECRET: SECRET,
        OIDC_ISSUER: 'http://idp.internal',
        OIDC_CLIENT_ID: 'portal',
        OIDC_CLIENT_SECRET: 's',
      }),
    ).toEqual(['OIDC_ISSUER: must be an https:// URL in production']);
  });

  it('requires PUBLIC_URL in production, naming it, so mail links never come from a request', () => {
    const missing = problems({ NODE_ENV: 'production', CHAT_JWT_SECRET: SECRET });
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatch(/^PUBLIC_URL: required when NODE_ENV=production/);
    expect(problems({ NODE_ENV: 'development' })).toEqual([]);
  });
});
