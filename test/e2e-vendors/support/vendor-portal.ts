import {
  GITBOOK_FAKE_ORG,
  GITBOOK_FAKE_SITE,
  GITBOOK_FAKE_SITE_URL,
  GITBOOK_FAKE_TOKEN,
} from '../../fakes/gitbook/fixtures';
import { FORUMBEE_FAKE_API_KEY } from '../../fakes/forumbee/index';
import {
  JIRA_FAKE_CLIENT_ID,
  JIRA_FAKE_CLIENT_SECRET,
  JIRA_FAKE_SCOPE,
  SEARCHED_SITE,
} from '../../fakes/jira/fixtures';
import { ENTRA_FAKE_ADMIN_ROLE, ENTRA_FAKE_CLIENT, ENTRA_FAKE_TENANT, fakePorts } from '../../fakes/ports';
import { S3_FAKE_CREDENTIALS } from '../../fakes/s3/index';
import { ZENDESK_FAKE_CLIENT } from '../../fakes/zendesk/oauth';
import { ZENDESK_FIXTURE_IDS } from '../../fakes/zendesk/store';

/**
 * The vendor profile's portal (playwright.vendors.config.ts): the same build with every vendor adapter written
 * so far pointed at its fake (test/fakes/start-all.ts), on its own port and database. Its ports sit beside the
 * main run's (E2E_PORT + 30 for the portal, E2E_PORT + 40 for the fakes unless FAKES_PORT is set), so two runs
 * with their own E2E_PORT never meet.
 */
const base = Number(process.env.E2E_PORT ?? 4300);
const port = base + 30;
const fakesPort = Number(process.env.FAKES_PORT ?? base + 40);

/** A fake's port: the fakes' own layout (ports.ts: S3 first, each vendor the next port) from `fakesPort`. */
const portOf = (fake: keyof typeof fakePorts) => fakesPort + fakePorts[fake] - fakePorts.s3;
const urlOf = (fake: keyof typeof fakePorts) => `http://127.0.0.1:${portOf(fake)}`;

export const vendorPortal = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  /**
   * The demo admin: every demo account may download. Staff still have the credential form beside the
   * corporate popup, so the specs that are not about sign-in use it (then the Jira fake's consent).
   */
  admin: { email: 'admin@acme.example', password: 'demo', name: 'Ada Admin' },
  /** The demo agent, a plain agent at the Entra fake (no admin app role). */
  agent: { email: 'agent@acme.example', password: 'demo', name: 'Alex Agent' },
  /** The demo customer, an end user of the Zendesk fake's fixtures with the same provided id. */
  customer: { email: 'customer@example.com', name: 'Casey Customer', providedId: 'CUST-0001' },
  /** How long the search waits for one source (the portal's SEARCH_SOURCE_TIMEOUT_MS, its default). */
  searchSourceTimeoutMs: 2000,
  /** The Intercom workspace of `/chatbot`: hosted in the EU, so the Messenger boots at the EU's api_base. */
  intercom: {
    appId: 'vendor01',
    identitySecret: 'vendor-e2e-intercom-identity-verification-secret',
    region: 'eu',
    apiBase: 'https://api-iam.eu.intercom.io',
  },
};

export const vendorFakes = {
  s3: {
    port: portOf('s3'),
    url: urlOf('s3'),
    bucket: 'support-portal',
    region: 'us-east-1',
    credentials: S3_FAKE_CREDENTIALS,
  },
  /**
   * The Help Center and the ticket desk: its default store (test/fakes/zendesk/store.ts), its own confidential
   * OAuth client, the ids of the three custom ticket fields (type, release, the requester's provided id) and the
   * webhook's signing secret, with which the specs sign the deliveries Zendesk would send.
   */
  zendesk: {
    port: portOf('zendesk'),
    url: urlOf('zendesk'),
    client: ZENDESK_FAKE_CLIENT,
    ids: ZENDESK_FIXTURE_IDS,
    ticketFields: { type: 360_000_101, release: 360_000_102, providedId: 360_000_103 },
    webhookSecret: 'vendor-e2e-zendesk-webhook-signing-secret',
  },
  gitbook: {
    port: portOf('gitbook'),
    url: urlOf('gitbook'),
    token: GITBOOK_FAKE_TOKEN,
    organizationId: GITBOOK_FAKE_ORG,
    siteId: GITBOOK_FAKE_SITE,
    siteUrl: GITBOOK_FAKE_SITE_URL,
  },
  forumbee: { port: portOf('forumbee'), url: urlOf('forumbee'), apiKey: FORUMBEE_FAKE_API_KEY },
  /** Atlassian's two hosts: the consent page and token endpoint, and the API. */
  jira: {
    port: portOf('jira'),
    authUrl: urlOf('jira'),
    apiPort: portOf('jiraApi'),
    apiUrl: urlOf('jiraApi'),
    clientId: JIRA_FAKE_CLIENT_ID,
    clientSecret: JIRA_FAKE_CLIENT_SECRET,
    siteUrl: SEARCHED_SITE.url,
    scope: JIRA_FAKE_SCOPE,
  },
  /** One Entra tenant; the portal's app registration there redirects to `<portal>/login/callback`. */
  entra: {
    port: portOf('entra'),
    url: urlOf('entra'),
    issuer: `${urlOf('entra')}/${ENTRA_FAKE_TENANT}/v2.0`,
    client: ENTRA_FAKE_CLIENT,
    adminRole: ENTRA_FAKE_ADMIN_ROLE,
  },
};

/** A test-only key of the stored vendor grants (32 bytes of base64, as `openssl rand -base64 32` gives). */
const CONNECTOR_TOKEN_KEY = Buffer.alloc(32, 7).toString('base64');

/** The portal's settings of every vendor: the content feeds, sign-in, the ticket desk, the tracker and the chat. */
export function vendorEnv(): Record<string, string> {
  const { jira, entra, zendesk } = vendorFakes;
  const { intercom } = vendorPortal;
  return {
    ...contentFeedEnv(),
    ZENDESK_TICKETS: 'on',
    ZENDESK_TICKET_TYPE_FIELD: String(zendesk.ticketFields.type),
    ZENDESK_TICKET_RELEASE_FIELD: String(zendesk.ticketFields.release),
    ZENDESK_TICKET_PROVIDED_ID_FIELD: String(zendesk.ticketFields.providedId),
    ZENDESK_WEBHOOK_SECRET: zendesk.webhookSecret,
    OIDC_ISSUER: entra.issuer,
    OIDC_CLIENT_ID: entra.client.id,
    OIDC_CLIENT_SECRET: entra.client.secret,
    OIDC_ADMIN_ROLE: entra.adminRole,
    // Entra's ID tokens carry no email_verified; the tenant vouches for its addresses.
    OIDC_EMAILS_VERIFIED: 'true',
    JIRA_CLIENT_ID: jira.clientId,
    JIRA_CLIENT_SECRET: jira.clientSecret,
    JIRA_SITE_URL: jira.siteUrl,
    JIRA_JQL_SCOPE: jira.scope,
    JIRA_AUTH_URL: jira.authUrl,
    JIRA_API_URL: jira.apiUrl,
    CONNECTOR_TOKEN_KEY,
    INTERCOM_APP_ID: intercom.appId,
    INTERCOM_IDENTITY_SECRET: intercom.identitySecret,
    INTERCOM_REGION: intercom.region,
    SEARCH_SOURCE_TIMEOUT_MS: String(vendorPortal.searchSourceTimeoutMs),
  };
}

/** The portal's settings of the three content feeds, each pointed at its fake. */
export function contentFeedEnv(): Record<string, string> {
  const { zendesk, gitbook, forumbee } = vendorFakes;
  return {
    ZENDESK_URL: zendesk.url,
    ZENDESK_CLIENT_ID: zendesk.client.identifier,
    ZENDESK_CLIENT_SECRET: zendesk.client.secret,
    ZENDESK_PROVIDED_ID_FIELD: 'provided_id',
    ZENDESK_TECH_HUB_CATEGORY_ID: String(zendesk.ids.category),
    GITBOOK_API_URL: gitbook.url,
    GITBOOK_API_TOKEN: gitbook.token,
    GITBOOK_ORGANIZATION_ID: gitbook.organizationId,
    GITBOOK_SITE_ID: gitbook.siteId,
    GITBOOK_SITE_URL: gitbook.siteUrl,
    FORUMBEE_URL: forumbee.url,
    FORUMBEE_API_KEY: forumbee.apiKey,
  };
}
