import { z } from 'zod';
import { baseUrl, booleanFlag, httpUrl } from './env-values.js';

/**
 * The settings of the vendor adapters. Every vendor is off (its built-in runs) until its key variable is set;
 * then the rest of its group that it cannot work without must be set too, and no group variable may be set
 * without its key (half a setup would silently run the built-in). Vendor facts and their sources:
 * `../shared/research/connectors.md`.
 */

/** An identifier that vendor URLs and queries are built from: no `/`, `?`, `#`, space or `.` can slip in. */
const vendorIdentifier = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be 1 to 100 letters, digits, _ or -');
const secret = (min: number, max = 2000) =>
  z.string().min(min, `must be at least ${min} characters`).max(max, `must be at most ${max} characters`);
const clientId = z.string().regex(/^\S{1,200}$/, 'must be 1 to 200 characters without spaces');

/** `openssl rand -base64 32`: the AES-256-GCM key of the stored vendor grants. */
const tokenKey = z
  .string()
  .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 random bytes in base64 (openssl rand -base64 32)')
  .refine((value) => Buffer.from(value, 'base64').length === 32, 'must decode to exactly 32 bytes');

export const vendorVariables = {
  /** The help desk's address (`https://acme.zendesk.com`); the Zendesk key, and the base of its API. */
  ZENDESK_URL: baseUrl.optional(),
  /** The portal's confidential OAuth client: customer sign-in and the client-credentials service token. */
  ZENDESK_CLIENT_ID: clientId.optional(),
  ZENDESK_CLIENT_SECRET: secret(1).optional(),
  /** The key of the Zendesk user field holding a customer's provided id (login compares it, signup writes it). */
  ZENDESK_PROVIDED_ID_FIELD: vendorIdentifier.optional(),
  /** The Help Center category `/docs` shows (Zendesk categories have no `tech-hub` slug). */
  ZENDESK_TECH_HUB_CATEGORY_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'must be a Zendesk category id (digits)')
    .optional(),
  /**
   * `on`: Zendesk Support is the ticket desk (tickets, comments, files and history in Zendesk; the portal keeps
   * its due times). Unset or `off`: the built-in desk, even with the rest of the Zendesk group set.
   */
  ZENDESK_TICKETS: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).optional(),
  /** The id of the custom ticket field (text) holding the portal's ticket type. */
  ZENDESK_TICKET_TYPE_FIELD: z
    .string()
    .regex(/^\d{1,20}$/, 'must be a Zendesk ticket field id (digits)')
    .optional(),
  /** The id of the custom ticket field (text) holding the release a ticket is about. */
  ZENDESK_TICKET_RELEASE_FIELD: z
    .string()
    .regex(/^\d{1,20}$/, 'must be a Zendesk ticket field id (digits)')
    .optional(),
  /**
   * The id of the custom ticket field (text) holding the requester's provided id, the Controller or Customer ID
   * they signed up with: agents see whose installation a ticket is about without opening the user.
   */
  ZENDESK_TICKET_PROVIDED_ID_FIELD: z
    .string()
    .regex(/^\d{1,20}$/, 'must be a Zendesk ticket field id (digits)')
    .optional(),
  /**
   * The signing secret of the Zendesk webhook that tells the portal of changes made in Zendesk (Admin Center,
   * Webhooks, the webhook's "Signing secret"). Only with ZENDESK_TICKETS=on; unset, no webhook endpoint.
   */
  ZENDESK_WEBHOOK_SECRET: secret(16, 500).optional(),
  /**
   * Without the webhook: how often, in seconds, one instance polls Zendesk's incremental ticket export for
   * changes made in Zendesk. Zendesk allows 10 export requests a minute, hence at least 10 seconds.
   */
  ZENDESK_TICKET_POLL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(10, 'must be at least 10 (Zendesk allows 10 incremental export requests a minute)')
    .max(3600, 'must be at most 3600 (an hour)')
    .default(60),
  /** The Help Center locale of the synced articles. */
  ZENDESK_LOCALE: z
    .string()
    .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'must be a Help Center locale such as en-us')
    .transform((value) => value.toLowerCase())
    .default('en-us'),

  /** Corporate OpenID Connect provider of agent sign-in (Entra ID or any OIDC issuer); unset = no popup. */
  OIDC_ISSUER: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  /** The app role (`roles` claim) that makes an agent an admin at each sign-in. */
  OIDC_ADMIN_ROLE: z.string().trim().min(1).max(200).optional(),
  /** Or the group (`groups` claim; Entra: its object id) that does. */
  OIDC_ADMIN_GROUP: z.string().trim().min(1).max(200).optional(),
  /**
   * Treat the provider's email addresses as verified when its ID token says nothing about them (Entra ID
   * sends no `email_verified`); an explicit `email_verified: false` is still refused. Unset: an address
   * links an existing account only with `email_verified: true`.
   */
  OIDC_EMAILS_VERIFIED: booleanFlag.optional(),

  /** The portal's Atlassian OAuth 2.0 (3LO) app: the Jira key. */
  JIRA_CLIENT_ID: clientId.optional(),
  JIRA_CLIENT_SECRET: secret(1).optional(),
  /** The Jira site searched (`https://acme.atlassian.net`): picks the grant's cloud id by its `url`. */
  JIRA_SITE_URL: httpUrl.transform((value) => new URL(value).origin).optional(),
  /** JQL every search is bounded by, such as `project in (NET, EDGE)`; Jira refuses unbounded JQL. */
  JIRA_JQL_SCOPE: z.string().trim().min(1).max(1000).optional(),
  JIRA_AUTH_URL: baseUrl.default('https://auth.atlassian.com'),
  JIRA_API_URL: baseUrl.default('https://api.atlassian.com'),
  /** Encrypts the vendor grants the portal stores per user (Jira's, per agent). */
  CONNECTOR_TOKEN_KEY: tokenKey.optional(),

  /** A GitBook API token that reads the published site: the GitBook key. */
  GITBOOK_API_TOKEN: secret(1).optional(),
  GITBOOK_ORGANIZATION_ID: vendorIdentifier.optional(),
  GITBOOK_SITE_ID: vendorIdentifier.optional(),
  /** The published site's address: links point there (never at the editor's `urls.app`). */
  GITBOOK_SITE_URL: baseUrl.optional(),
  GITBOOK_API_URL: baseUrl.default('https://api.gitbook.com'),

  /** The community's address (`https://community.acme.example`): the Forumbee key, and the base of its API. */
  FORUMBEE_URL: baseUrl.optional(),
  /** Only for a private community; a public one answers the post listing anonymously. */
  FORUMBEE_API_KEY: secret(1).optional(),
  /** Comma-separated categories (`categoryLink`) synced; unset = every category. */
  FORUMBEE_CATEGORIES: z
    .string()
    .transform((value) => value.split(',').map((item) => item.trim()))
    .refine((items) => items.every((item) => item !== ''), 'must be categories separated by commas')
    .optional(),

  /**
   * The Intercom workspace whose Messenger `/chatbot` shows (the id in `https://widget.intercom.io/widget/<id>`):
   * the Intercom key. It goes into a script URL, so only letters and digits are accepted.
   */
  INTERCOM_APP_ID: z
    .string()
    .regex(/^[a-zA-Z0-9]{4,32}$/, 'must be an Intercom app id: 4 to 32 letters and digits, such as abc12def')
    .optional(),
  /** The workspace's identity verification secret (Messenger security): the key of `intercom_user_jwt`. */
  INTERCOM_IDENTITY_SECRET: secret(20, 500).optional(),
  /**
   * Where the workspace is hosted: Intercom's regions are US, EU and Australia
   * (https://developers.intercom.com/building-apps/docs/rest-apis); outside the US the Messenger needs its
   * regional `api_base`.
   */
  INTERCOM_REGION: z
    .string()
    .toLowerCase()
    .pipe(z.enum(['us', 'eu', 'au'], { error: 'must be us, eu or au' }))
    .default('us'),

  /** The bucket of attachments and downloads: the S3 key. Credentials come from the AWS SDK's default chain. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3 to 63 lowercase letters, digits, . or -)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,50}$/, 'must be a region such as eu-west-1')
    .optional(),
  /** An S3-compatible endpoint instead of AWS's (a fake, MinIO, a VPC endpoint). */
  S3_ENDPOINT: baseUrl.optional(),
  /** Bucket in the path instead of the host name; default on with S3_ENDPOINT, off without. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /** Every key the portal reads or writes starts with this (`portal/`). */
  S3_PREFIX: z
    .string()
    .regex(/^(?!\/)[\x20-\x7e]{1,200}$/, 'must be 1 to 200 printable characters, not starting with /')
    .optional(),
};

type VendorVariable = keyof typeof vendorVariables;

interface VendorGroup {
  /** How messages name the vendor. */
  readonly name: string;
  /** Set: the vendor's adapter replaces the built-in. */
  readonly key: VendorVariable;
  /** Must be set too once the key is. */
  readonly required: readonly VendorVariable[];
  /** May be set, but only with the key. */
  readonly optional: readonly VendorVariable[];
}

export const VENDOR_GROUPS = {
  // Zendesk API tokens are being retired: the adapter's service calls need a confidential OAuth client's
  // client-credentials token, and sign-in needs the same client. Login compares, and signup writes, the
  // provided id in a user field; `/docs` shows one Help Center category.
  zendesk: {
    name: 'Zendesk',
    key: 'ZENDESK_URL',
    required: [
      'ZENDESK_CLIENT_ID',
      'ZENDESK_CLIENT_SECRET',
      'ZENDESK_PROVIDED_ID_FIELD',
      'ZENDESK_TECH_HUB_CATEGORY_ID',
    ],
    optional: [
      'ZENDESK_LOCALE',
      'ZENDESK_TICKETS',
      'ZENDESK_TICKET_TYPE_FIELD',
      'ZENDESK_TICKET_RELEASE_FIELD',
      'ZENDESK_TICKET_PROVIDED_ID_FIELD',
      'ZENDESK_WEBHOOK_SECRET',
      'ZENDESK_TICKET_POLL_SECONDS',
    ],
  },
  entra: {
    name: 'the identity provider',
    key: 'OIDC_ISSUER',
    required: ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
    optional: ['OIDC_ADMIN_ROLE', 'OIDC_ADMIN_GROUP', 'OIDC_EMAILS_VERIFIED'],
  },
  // 3LO has no PKCE, so the client is confidential; a grant may reach several sites, and the one searched is
  // picked by its URL (never the first); Jira refuses unbounded JQL; the agents' grants are stored encrypted.
  jira: {
    name: 'Jira',
    key: 'JIRA_CLIENT_ID',
    required: ['JIRA_CLIENT_SECRET', 'JIRA_SITE_URL', 'JIRA_JQL_SCOPE', 'CONNECTOR_TOKEN_KEY'],
    optional: ['JIRA_AUTH_URL', 'JIRA_API_URL'],
  },
  // The feed lists the published site's spaces (`/orgs/{org}/sites/{site}/site-spaces`) and links each page
  // under the published address.
  gitbook: {
    name: 'GitBook',
    key: 'GITBOOK_API_TOKEN',
    required: ['GITBOOK_ORGANIZATION_ID', 'GITBOOK_SITE_ID', 'GITBOOK_SITE_URL'],
    optional: ['GITBOOK_API_URL'],
  },
  // A public community lists its posts anonymously; only a private one needs the key.
  forumbee: {
    name: 'Forumbee',
    key: 'FORUMBEE_URL',
    required: [],
    optional: ['FORUMBEE_API_KEY', 'FORUMBEE_CATEGORIES'],
  },
  // Without the secret the Messenger's identity token cannot be signed.
  intercom: {
    name: 'Intercom',
    key: 'INTERCOM_APP_ID',
    required: ['INTERCOM_IDENTITY_SECRET'],
    optional: ['INTERCOM_REGION'],
  },
  // SigV4 signs every request, presigned URLs included, for one region.
  s3: {
    name: 'S3',
    key: 'S3_BUCKET',
    required: ['S3_REGION'],
    optional: ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'],
  },
} as const satisfies Record<string, VendorGroup>;

export type Vendor = keyof typeof VENDOR_GROUPS;

const groups = Object.entries(VENDOR_GROUPS) as [Vendor, VendorGroup][];

/** Which vendors are on, from the names of the variables set. */
export function vendorsOn(set: ReadonlySet<string>): Record<Vendor, boolean> {
  return Object.fromEntries(groups.map(([vendor, group]) => [vendor, set.has(group.key)])) as Record<
    Vendor,
    boolean
  >;
}

/** A required variable missing, or a group variable set without its key; each line names the variable. */
export function vendorGroupProblems(set: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const [, group] of groups) {
    if (set.has(group.key)) {
      for (const name of group.required) {
        if (!set.has(name)) problems.push(`${name}: required when ${group.key} is set`);
      }
    } else {
      for (const name of [...group.required, ...group.optional]) {
        if (set.has(name)) {
          problems.push(
            `${name}: set without ${group.key}, which turns ${group.name} on: set ${group.key} too, or remove ${name}`,
          );
        }
      }
    }
  }
  return problems;
}

/** The ticket fields the Zendesk ticket desk writes must be named when it is on, and only then. */
const ZENDESK_TICKET_FIELDS = [
  'ZENDESK_TICKET_TYPE_FIELD',
  'ZENDESK_TICKET_RELEASE_FIELD',
  'ZENDESK_TICKET_PROVIDED_ID_FIELD',
] as const;

export function zendeskTicketProblems(
  values: { readonly ZENDESK_URL?: string | undefined; readonly ZENDESK_TICKETS?: string | undefined },
  set: ReadonlySet<string>,
): string[] {
  if (!values.ZENDESK_URL) return [];
  const on = values.ZENDESK_TICKETS === 'on';
  const notOn = (name: string) =>
    `${name}: set while ZENDESK_TICKETS is not 'on': set ZENDESK_TICKETS=on too, or remove ${name}`;
  const problems = ZENDESK_TICKET_FIELDS.flatMap((name) => {
    if (on && !set.has(name)) return [`${name}: required when ZENDESK_TICKETS=on`];
    return !on && set.has(name) ? [notOn(name)] : [];
  });
  for (const name of ['ZENDESK_WEBHOOK_SECRET', 'ZENDESK_TICKET_POLL_SECONDS']) {
    if (!on && set.has(name)) problems.push(notOn(name));
  }
  // The webhook reports the changes, so nothing is polled: a poll setting beside it would be silently ignored.
  if (on && set.has('ZENDESK_WEBHOOK_SECRET') && set.has('ZENDESK_TICKET_POLL_SECONDS')) {
    problems.push(
      'ZENDESK_TICKET_POLL_SECONDS: set with ZENDESK_WEBHOOK_SECRET, whose webhook reports the changes (no poll runs): remove ZENDESK_TICKET_POLL_SECONDS',
    );
  }
  return problems;
}

/** The addresses the server calls: a token or a secret must never cross them in clear in production. */
const SERVER_CALLED_URLS = [
  'OIDC_ISSUER',
  'ZENDESK_URL',
  'JIRA_AUTH_URL',
  'JIRA_API_URL',
  'GITBOOK_API_URL',
  'FORUMBEE_URL',
  'S3_ENDPOINT',
] as const satisfies readonly VendorVariable[];

export function productionUrlProblems(values: {
  readonly [name in (typeof SERVER_CALLED_URLS)[number]]?: string | undefined;
}): string[] {
  return SERVER_CALLED_URLS.filter((name) => values[name]?.startsWith('http://')).map(
    (name) => `${name}: must be an https:// URL in production`,
  );
}

/**
 * Microsoft's sign-in hosts (global, US Government, China) and their multi-tenant authorities: `common` (work,
 * school and personal accounts), `organizations` (any organisation's) and `consumers` (personal accounts only)
 * (https://learn.microsoft.com/entra/identity-platform/msal-client-application-configuration#authority).
 */
const MICROSOFT_SIGN_IN_HOST =
  /^login\.(microsoftonline\.com|microsoftonline\.us|partner\.microsoftonline\.cn)$/;
const MULTI_TENANT_AUTHORITIES: ReadonlySet<string> = new Set(['common', 'organizations', 'consumers']);

/**
 * Why a multi-tenant authority cannot be the portal's issuer. `common` and `organizations` let any Microsoft
 * tenant's accounts in, and their discovery document names the issuer `https://<host>/{tenantid}/v2.0`, a
 * template no ID token's `iss` equals, so openid-client's issuer check fails every sign-in
 * (https://github.com/MicrosoftDocs/azure-docs/issues/38427). `consumers` is the personal accounts' tenant
 * (its issuer is that tenant's, https://github.com/openiddict/openiddict-core/issues/1764): anyone with a
 * Microsoft account, never the company's directory.
 */
function multiTenantReason(tenant: string, host: string): string {
  if (tenant === 'consumers') {
    return "'consumers' signs in personal Microsoft accounts (anyone's), not your organisation's directory";
  }
  return (
    `'${tenant}' signs in accounts of any Microsoft tenant, and its discovery document names a templated ` +
    `issuer (https://${host}/{tenantid}/v2.0) that no ID token matches`
  );
}

/** The Entra-specific rules of the identity settings. */
export function identityProblems(values: {
  readonly OIDC_ISSUER?: string | undefined;
  readonly OIDC_ADMIN_ROLE?: string | undefined;
  readonly OIDC_ADMIN_GROUP?: string | undefined;
}): string[] {
  const problems: string[] = [];
  if (values.OIDC_ISSUER) {
    const issuer = new URL(values.OIDC_ISSUER);
    const tenant = issuer.pathname.split('/')[1]?.toLowerCase() ?? '';
    if (MICROSOFT_SIGN_IN_HOST.test(issuer.hostname) && MULTI_TENANT_AUTHORITIES.has(tenant)) {
      problems.push(
        `OIDC_ISSUER: ${multiTenantReason(tenant, issuer.hostname)}; the portal must pin one tenant: https://${issuer.hostname}/<your tenant id>/v2.0`,
      );
    }
  }
  if (values.OIDC_ADMIN_ROLE && values.OIDC_ADMIN_GROUP) {
    problems.push(
      'OIDC_ADMIN_GROUP: set OIDC_ADMIN_ROLE or OIDC_ADMIN_GROUP, not both (one rule makes admins)',
    );
  }
  return problems;
}
