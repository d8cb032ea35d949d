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

  it('embeddings: on by default except in tests, an endpoint needs its model', () => {
    expect(loadEnv({ NODE_ENV: 'test' }).EMBEDDINGS).toBe(false);
    expect(loadEnv({ NODE_ENV: 'development' }).EMBEDDINGS).toBe(false);
    expect(
      loadEnv({ NODE_ENV: 'development', EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1', EMBEDDINGS_MODEL: 'm' })
        .EMBEDDINGS,
    ).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test', EMBEDDINGS: 'true' }).EMBEDDINGS).toBe(true);
    expect(problems({ EMBEDDINGS: 'yes' })[0]).toMatch(/^EMBEDDINGS: must be 'true' or 'false'/);
    expect(problems({ EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1' })).toEqual([
      'EMBEDDINGS_MODEL: required when EMBEDDINGS_URL is set',
    ]);
    expect(problems({ EMBEDDINGS_URL: 'ftp://host/v1', EMBEDDINGS_MODEL: 'm' })[0]).toMatch(
      /^EMBEDDINGS_URL: must be an http/,
    );
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

/** 32 bytes in base64, as `openssl rand -base64 32` writes them. */
const TOKEN_KEY = Buffer.alloc(32, 7).toString('base64');
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL, CHAT_JWT_SECRET: SECRET };

/**
 * Each vendor's whole group, written out here rather than taken from vendor-settings.ts, so that a variable
 * dropped from (or wrongly added to) the code's table fails these tests.
 */
const VENDORS = [
  {
    vendor: 'zendesk',
    key: 'ZENDESK_URL',
    required: {
      ZENDESK_CLIENT_ID: 'support_portal',
      ZENDESK_CLIENT_SECRET: 'z'.repeat(64),
      ZENDESK_PROVIDED_ID_FIELD: 'controller_id',
      ZENDESK_TECH_HUB_CATEGORY_ID: '360001234567',
    },
    optional: { ZENDESK_LOCALE: 'en-gb' },
    keyValue: 'https://acme.zendesk.com',
  },
  {
    vendor: 'entra',
    key: 'OIDC_ISSUER',
    required: { OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 's' },
    optional: { OIDC_ADMIN_ROLE: 'Portal.Admin', OIDC_EMAILS_VERIFIED: 'true' },
    keyValue: ENTRA.OIDC_ISSUER,
  },
  {
    vendor: 'jira',
    key: 'JIRA_CLIENT_ID',
    required: {
      JIRA_CLIENT_SECRET: 'j'.repeat(40),
      JIRA_SITE_URL: 'https://acme.atlassian.net',
      JIRA_JQL_SCOPE: 'project in (NET, EDGE)',
      CONNECTOR_TOKEN_KEY: TOKEN_KEY,
    },
    optional: { JIRA_AUTH_URL: 'https://auth.example', JIRA_API_URL: 'https://api.example' },
    keyValue: 'AbCdEf0123456789',
  },
  {
    vendor: 'gitbook',
    key: 'GITBOOK_API_TOKEN',
    required: {
      GITBOOK_ORGANIZATION_ID: 'org_1',
      GITBOOK_SITE_ID: 'site_1',
      GITBOOK_SITE_URL: 'https://docs.acme.example',
    },
    optional: { GITBOOK_API_URL: 'https://gitbook.example' },
    keyValue: 'gb_api_token',
  },
  {
    vendor: 'forumbee',
    key: 'FORUMBEE_URL',
    required: {},
    optional: { FORUMBEE_API_KEY: 'f'.repeat(32), FORUMBEE_CATEGORIES: 'general, releases' },
    keyValue: 'https://community.acme.example',
  },
  {
    vendor: 'intercom',
    key: 'INTERCOM_APP_ID',
    required: { INTERCOM_IDENTITY_SECRET: 'i'.repeat(40) },
    optional: { INTERCOM_REGION: 'eu' },
    keyValue: 'abc12def',
  },
  {
    vendor: 's3',
    key: 'S3_BUCKET',
    required: { S3_REGION: 'eu-west-1' },
    optional: { S3_ENDPOINT: 'https://s3.acme.example', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: 'portal/' },
    keyValue: 'acme-support-files',
  },
] as const;

const ALL_OFF = {
  zendesk: false,
  entra: false,
  jira: false,
  gitbook: false,
  forumbee: false,
  intercom: false,
  s3: false,
};

const withKey = (entry: (typeof VENDORS)[number]): Record<string, string> => ({
  [entry.key]: entry.keyValue,
  ...entry.required,
});

const missingInTurn = VENDORS.flatMap((entry) =>
  Object.keys(entry.required).map((name) => ({ vendor: entry.vendor, key: entry.key, name, entry })),
);

/** The variables, in production, that name an address the server calls. */
const CALLED_URLS = [
  { name: 'ZENDESK_URL', vendor: 'zendesk' },
  { name: 'JIRA_AUTH_URL', vendor: 'jira' },
  { name: 'JIRA_API_URL', vendor: 'jira' },
  { name: 'GITBOOK_API_URL', vendor: 'gitbook' },
  { name: 'FORUMBEE_URL', vendor: 'forumbee' },
  { name: 'S3_ENDPOINT', vendor: 's3' },
  { name: 'OIDC_ISSUER', vendor: 'entra' },
] as const;

describe('vendor settings', () => {
  it('runs every built-in when no vendor variable is set', () => {
    const env = loadEnv({});
    expect(env.vendors).toEqual(ALL_OFF);
    expect(env).toMatchObject({
      ZENDESK_LOCALE: 'en-us',
      INTERCOM_REGION: 'us',
      JIRA_AUTH_URL: 'https://auth.atlassian.com',
      JIRA_API_URL: 'https://api.atlassian.com',
      GITBOOK_API_URL: 'https://api.gitbook.com',
      CONTENT_SYNC_INTERVAL_MINUTES: 10,
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it.each(VENDORS)('turns $vendor on, and only it, with its key and required variables', (entry) => {
    expect(loadEnv(withKey(entry)).vendors).toEqual({ ...ALL_OFF, [entry.vendor]: true });
  });

  it.each(VENDORS)('accepts the whole $vendor group, optional variables included', (entry) => {
    expect(problems({ ...withKey(entry), ...entry.optional })).toEqual([]);
  });

  it.each(missingInTurn)(
    'with $key set, refuses to start without $name, naming it',
    ({ entry, name, key }) => {
      const source = Object.fromEntries(
        Object.entries(withKey(entry)).filter(([variable]) => variable !== name),
      );
      expect(problems(source)).toEqual([`${name}: required when ${key} is set`]);
    },
  );

  it.each(VENDORS)('refuses each $vendor variable set without $key, naming it and the key', (entry) => {
    const group = { ...entry.required, ...entry.optional };
    const lines = problems(group);
    expect(lines.map((line) => line.split(':')[0])).toEqual(Object.keys(group));
    for (const line of lines) expect(line).toContain(`set without ${entry.key}`);
  });

  it.each(CALLED_URLS)(
    'refuses an http:// $name in production, and takes it elsewhere',
    ({ name, vendor }) => {
      const entry = VENDORS.find((candidate) => candidate.vendor === vendor);
      if (!entry) throw new Error(vendor);
      const group = { ...withKey(entry), [name]: 'http://127.0.0.1:4010' };
      expect(problems({ ...PRODUCTION, ...group })).toEqual([
        `${name}: must be an https:// URL in production`,
      ]);
      expect(problems({ NODE_ENV: 'test', ...group })).toEqual([]);
      expect(problems({ ...PRODUCTION, ...group, [name]: 'https://vendor.example' })).toEqual([]);
    },
  );

  it.each(['common', 'organizations', 'Common'])(
    "refuses Entra's multi-tenant issuer /%s/v2.0, saying its issuer is a template: the portal pins one tenant",
    (tenant) => {
      const lines = problems({ ...ENTRA, OIDC_ISSUER: `https://login.microsoftonline.com/${tenant}/v2.0` });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^OIDC_ISSUER: .*any Microsoft tenant.*templated issuer \(https:\/\/login\.microsoftonline\.com\/\{tenantid\}\/v2\.0\).*must pin one tenant: https:\/\/login\.microsoftonline\.com\/<your tenant id>\/v2\.0$/,
      );
    },
  );

  it("refuses Entra's personal-accounts issuer /consumers/v2.0 and the sovereign clouds' multi-tenant ones", () => {
    expect(problems({ ...ENTRA, OIDC_ISSUER: 'https://login.microsoftonline.com/consumers/v2.0' })).toEqual([
      "OIDC_ISSUER: 'consumers' signs in personal Microsoft accounts (anyone's), not your organisation's " +
        'directory; the portal must pin one tenant: https://login.microsoftonline.com/<your tenant id>/v2.0',
    ]);
    expect(
      problems({ ...ENTRA, OIDC_ISSUER: 'https://login.microsoftonline.us/organizations/v2.0' })[0],
    ).toMatch(
      /^OIDC_ISSUER: 'organizations' .*https:\/\/login\.microsoftonline\.us\/<your tenant id>\/v2\.0$/,
    );
  });

  it('accepts a tenant-specific issuer, and other issuers with common in their path', () => {
    for (const issuer of [
      ENTRA.OIDC_ISSUER,
      'https://login.microsoftonline.us/contoso.onmicrosoft.com/v2.0',
      'https://idp.example/common/v2.0',
      'https://sso.acme.example/realms/common',
      'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/common',
    ]) {
      expect(problems({ ...ENTRA, OIDC_ISSUER: issuer }), issuer).toEqual([]);
    }
  });

  it('takes CONNECTOR_TOKEN_KEY only as exactly 32 bytes in base64', () => {
    const jira = withKey(VENDORS[2]);
    for (const bad of [
      Buffer.alloc(31, 1).toString('base64'),
      Buffer.alloc(33, 1).toString('base64'),
      'x'.repeat(32),
      `${TOKEN_KEY.slice(0, -2)}!=`,
    ]) {
      expect(problems({ ...jira, CONNECTOR_TOKEN_KEY: bad })[0], bad).toMatch(
        /^CONNECTOR_TOKEN_KEY: must be 32/,
      );
    }
  });

  it('maps admins by one app role or one group, not both', () => {
    expect(problems({ ...ENTRA, OIDC_ADMIN_GROUP: 'f5a0e3b6-0000-4000-8000-000000000001' })).toEqual([]);
    expect(problems({ ...ENTRA, OIDC_ADMIN_ROLE: 'Portal.Admin', OIDC_ADMIN_GROUP: 'g' })).toEqual([
      'OIDC_ADMIN_GROUP: set OIDC_ADMIN_ROLE or OIDC_ADMIN_GROUP, not both (one rule makes admins)',
    ]);
  });

  describe('the Zendesk ticket desk', () => {
    const zendesk = withKey(VENDORS[0]);
    const ticketFields = {
      ZENDESK_TICKET_TYPE_FIELD: '360012345678',
      ZENDESK_TICKET_RELEASE_FIELD: '360012345679',
      ZENDESK_TICKET_PROVIDED_ID_FIELD: '360012345680',
    };

    it('takes ZENDESK_TICKETS=on with its three ticket fields, and reads them as given', () => {
      const source = { ...zendesk, ZENDESK_TICKETS: 'on', ...ticketFields };
      expect(problems(source)).toEqual([]);
      expect(loadEnv(source)).toMatchObject(ticketFields);
    });

    it.each(Object.keys(ticketFields))('refuses ZENDESK_TICKETS=on without %s, naming it', (name) => {
      const source = Object.fromEntries(
        Object.entries({ ...zendesk, ZENDESK_TICKETS: 'on', ...ticketFields }).filter(
          ([key]) => key !== name,
        ),
      );
      expect(problems(source)).toEqual([`${name}: required when ZENDESK_TICKETS=on`]);
    });

    it('takes ZENDESK_TICKET_PROVIDED_ID_FIELD only as a ticket field id (digits)', () => {
      for (const bad of ['controller_id', '3600-1', '1'.repeat(21)]) {
        expect(
          problems({
            ...zendesk,
            ZENDESK_TICKETS: 'on',
            ...ticketFields,
            ZENDESK_TICKET_PROVIDED_ID_FIELD: bad,
          }),
          bad,
        ).toEqual(['ZENDESK_TICKET_PROVIDED_ID_FIELD: must be a Zendesk ticket field id (digits)']);
      }
    });

    it('refuses ZENDESK_TICKET_PROVIDED_ID_FIELD while the ticket desk is off, or Zendesk is', () => {
      const field = { ZENDESK_TICKET_PROVIDED_ID_FIELD: '360012345680' };
      expect(problems({ ...zendesk, ...field })).toEqual([
        "ZENDESK_TICKET_PROVIDED_ID_FIELD: set while ZENDESK_TICKETS is not 'on': set ZENDESK_TICKETS=on too, " +
          'or remove ZENDESK_TICKET_PROVIDED_ID_FIELD',
      ]);
      expect(problems(field)).toEqual([
        'ZENDESK_TICKET_PROVIDED_ID_FIELD: set without ZENDESK_URL, which turns Zendesk on: set ZENDESK_URL ' +
          'too, or remove ZENDESK_TICKET_PROVIDED_ID_FIELD',
      ]);
    });
  });

  it('reads the vendor values into the shapes the adapters use', () => {
    const env = loadEnv({
      ...withKey(VENDORS[0]),
      ZENDESK_URL: 'https://acme.zendesk.com/',
      ...withKey(VENDORS[4]),
      FORUMBEE_CATEGORIES: 'general, releases',
      ...withKey(VENDORS[5]),
      INTERCOM_REGION: 'AU',
      ...withKey(VENDORS[6]),
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(env).toMatchObject({
      ZENDESK_URL: 'https://acme.zendesk.com',
      FORUMBEE_CATEGORIES: ['general', 'releases'],
      INTERCOM_REGION: 'au',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(problems({ ...withKey(VENDORS[5]), INTERCOM_REGION: 'ap' })).toEqual([
      'INTERCOM_REGION: must be us, eu or au',
    ]);
    expect(problems({ ...withKey(VENDORS[4]), FORUMBEE_URL: 'https://c.example/?x=1' })[0]).toMatch(
      /^FORUMBEE_URL: must be a base URL/,
    );
  });
});
