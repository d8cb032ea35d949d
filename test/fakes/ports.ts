/**
 * Where `start-all.ts` runs the vendor fakes for the browser tests' vendor profile: fixed ports from
 * FAKES_PORT (default 4320), one per vendor, so the Playwright config can point the portal at them before they
 * start. Each vendor's fake takes the next port.
 */
const base = Number(process.env.FAKES_PORT ?? 4320);

export const fakePorts = {
  s3: base,
  zendesk: base + 1,
  gitbook: base + 2,
  forumbee: base + 3,
  jira: base + 4,
  jiraApi: base + 5,
  entra: base + 6,
} as const;

export const fakeUrls = {
  s3: `http://127.0.0.1:${fakePorts.s3}`,
  zendesk: `http://127.0.0.1:${fakePorts.zendesk}`,
  gitbook: `http://127.0.0.1:${fakePorts.gitbook}`,
  forumbee: `http://127.0.0.1:${fakePorts.forumbee}`,
  jira: `http://127.0.0.1:${fakePorts.jira}`,
  jiraApi: `http://127.0.0.1:${fakePorts.jiraApi}`,
  entra: `http://127.0.0.1:${fakePorts.entra}`,
} as const;

/** The bucket the S3 fake holds in the vendor profile (the portal's `S3_BUCKET`). */
export const S3_FAKE_BUCKET = 'support-portal';

/** The Entra fake's tenant in the vendor profile (its issuer is `<entra url>/<tenant>/v2.0`). */
export const ENTRA_FAKE_TENANT = '6f1d2c3b-4a59-4e8d-9c7b-0a1b2c3d4e5f';
/** The portal's app registration at the Entra fake (test only). */
export const ENTRA_FAKE_CLIENT = { id: 'support-portal-e2e', secret: 'entra-fake-client-secret' } as const;
/** The app role that makes an agent an admin (the portal's OIDC_ADMIN_ROLE). */
export const ENTRA_FAKE_ADMIN_ROLE = 'Portal.Admin';
/**
 * The tenant's accounts: the demo agent and the demo admin (src/server/db/seed/demo-accounts.ts), the admin
 * holding the admin app role. Entra sends no `email_verified`, so the portal runs with OIDC_EMAILS_VERIFIED.
 */
export const ENTRA_FAKE_ACCOUNTS = [
  {
    username: 'agent@acme.example',
    name: 'Alex Agent',
    email: 'agent@acme.example',
    roles: ['Portal.Agent'],
  },
  {
    username: 'admin@acme.example',
    name: 'Ada Admin',
    email: 'admin@acme.example',
    roles: [ENTRA_FAKE_ADMIN_ROLE],
  },
];
