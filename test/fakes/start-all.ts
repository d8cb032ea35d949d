/**
 * Every vendor fake in one process, for the vendor profile of the browser tests (a Playwright `webServer`):
 * the S3, Zendesk, GitBook, Forumbee and Jira fakes. Prints one JSON line with what the portal needs to reach each fake, then serves until
 * SIGTERM or SIGINT, and stops them all.
 *
 *   node --import tsx test/fakes/start-all.ts [options]
 *     --s3-port <n>            the S3 fake's port (default fakePorts.s3 of ports.ts, FAKES_PORT + 0; 0 = any free port)
 *     --s3-bucket <name>       its bucket (default S3_FAKE_BUCKET)
 *     --s3-downloads           put the demo's download files in, as a release process would: every image of the
 *                              config's `downloads` with its `.sha256` sidecar, and the Postman collections
 *     --config <file>          the portal config to read the downloads from (default config/portal.yaml)
 *     --downloads-dir <dir>    take the download files found there instead of the generated stand-ins
 *     --s3-preload <dir>[=<prefix>]   upload every file under <dir> as <prefix><relative path> (repeatable)
 *     --forumbee-port <n>      the Forumbee fake's port (default fakePorts.forumbee, FAKES_PORT + 3; 0 = any free port)
 *     --gitbook-port <n>       the GitBook fake's port (default fakePorts.gitbook, FAKES_PORT + 2; 0 = any free port)
 *     --zendesk-port <n>       the Zendesk fake's port (default fakePorts.zendesk, FAKES_PORT + 1; 0 = any free port)
 *     --jira-port <n>          the Jira fake's auth listener (default fakePorts.jira, FAKES_PORT + 4; 0 = any free port)
 *     --jira-api-port <n>      its API listener (default fakePorts.jiraApi, FAKES_PORT + 5; 0 = any free port)
 *     --zendesk-redirect-uri <url>   another redirect URL of the Zendesk fake's client (repeatable): the portal's
 *                              `<portal>/zendeskAuth`
 *     --entra-port <n>         the Entra fake's port (default fakePorts.entra, FAKES_PORT + 6; 0 = any free port)
 *     --entra-redirect-uri <url>     a redirect URL of the portal's app registration there (repeatable): the
 *                              portal's `<portal>/login/callback`; without one the Entra fake is not started
 *
 * Output, one line:
 *   {"s3":{"url":"http://127.0.0.1:4320","bucket":"support-portal","region":"us-east-1",
 *          "accessKeyId":"…","secretAccessKey":"…","objects":12},
 *    "forumbee":{"url":"http://127.0.0.1:4323","apiKey":"…"},
 *    "gitbook":{"url":"http://127.0.0.1:4322","token":"…","organizationId":"…","siteId":"…","siteUrl":"…"},
 *    "zendesk":{"url":"http://127.0.0.1:4321","clientId":"…","clientSecret":"…","locale":"en-us"},
 *    "jira":{"authUrl":"http://127.0.0.1:4324","apiUrl":"http://127.0.0.1:…","clientId":"…","clientSecret":"…",
 *            "siteUrl":"https://acme.atlassian.net","jqlScope":"project in (NET, EDGE)"},
 *    "entra":{"issuer":"http://127.0.0.1:4326/<tenant>/v2.0","clientId":"…","clientSecret":"…"}}
 * Entra's are the portal's OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (ENTRA_FAKE_* of ports.ts; its
 * accounts are ENTRA_FAKE_ACCOUNTS).
 * Jira's are the portal's JIRA_AUTH_URL, JIRA_API_URL, JIRA_CLIENT_ID, JIRA_CLIENT_SECRET, JIRA_SITE_URL and
 * JIRA_JQL_SCOPE (with a CONNECTOR_TOKEN_KEY of the portal's own).
 * GitBook's are the portal's GITBOOK_API_URL, GITBOOK_API_TOKEN, GITBOOK_ORGANIZATION_ID, GITBOOK_SITE_ID and
 * GITBOOK_SITE_URL.
 * The access key is the fake's own (test only): give it to the portal as AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, with S3_ENDPOINT=url and S3_FORCE_PATH_STYLE=true. The Forumbee fake is a private
 * community holding the fixture posts: FORUMBEE_URL=url and FORUMBEE_API_KEY=apiKey. The Zendesk client is the fake's own
 * confidential OAuth client: ZENDESK_URL=url, ZENDESK_CLIENT_ID and ZENDESK_CLIENT_SECRET. `GET <url>/__fake/ready`
 * answers 200 once each listens; the other `/__fake/` routes (harness.ts) move its clock, read its log and inject failures.
 */
import { parseArgs } from 'node:util';
import { startGitbookFake } from './gitbook/index';
import type { FakeServer } from './harness';
import { FORUMBEE_FAKE_API_KEY, startForumbeeFake } from './forumbee/index';
import {
  ENTRA_FAKE_ACCOUNTS,
  ENTRA_FAKE_CLIENT,
  ENTRA_FAKE_TENANT,
  fakePorts,
  S3_FAKE_BUCKET,
} from './ports';
import { startS3Fake } from './s3/index';
import { preloadDirectory, preloadDownloads } from './s3/preload';
import { startZendeskFake } from './zendesk/index';
import { startJiraFake } from './jira/index';
import { startEntraFake, type EntraFake } from './entra/index';

const { values } = parseArgs({
  options: {
    's3-port': { type: 'string' },
    's3-bucket': { type: 'string' },
    's3-downloads': { type: 'boolean', default: false },
    config: { type: 'string', default: 'config/portal.yaml' },
    'downloads-dir': { type: 'string' },
    's3-preload': { type: 'string', multiple: true, default: [] },
    'forumbee-port': { type: 'string' },
    'gitbook-port': { type: 'string' },
    'zendesk-port': { type: 'string' },
    'jira-port': { type: 'string' },
    'jira-api-port': { type: 'string' },
    'zendesk-redirect-uri': { type: 'string', multiple: true, default: [] },
    'entra-port': { type: 'string' },
    'entra-redirect-uri': { type: 'string', multiple: true, default: [] },
  },
  strict: true,
});

const bucket = values['s3-bucket'] ?? S3_FAKE_BUCKET;
const s3 = await startS3Fake({ port: Number(values['s3-port'] ?? fakePorts.s3), buckets: [bucket] });
const forumbee = await startForumbeeFake({
  port: Number(values['forumbee-port'] ?? fakePorts.forumbee),
  apiKey: FORUMBEE_FAKE_API_KEY,
});
const gitbook = await startGitbookFake({ port: Number(values['gitbook-port'] ?? fakePorts.gitbook) });
const zendesk = await startZendeskFake({ port: Number(values['zendesk-port'] ?? fakePorts.zendesk) });
const jira = await startJiraFake({
  authPort: Number(values['jira-port'] ?? fakePorts.jira),
  apiPort: Number(values['jira-api-port'] ?? fakePorts.jiraApi),
});
for (const uri of values['zendesk-redirect-uri']) zendesk.registerRedirectUri(uri);
const entraRedirects = values['entra-redirect-uri'];
const entra: EntraFake | undefined =
  entraRedirects.length === 0
    ? undefined
    : await startEntraFake({
        port: Number(values['entra-port'] ?? fakePorts.entra),
        tenantId: ENTRA_FAKE_TENANT,
        clientId: ENTRA_FAKE_CLIENT.id,
        clientSecret: ENTRA_FAKE_CLIENT.secret,
        redirectUris: entraRedirects,
        accounts: ENTRA_FAKE_ACCOUNTS.map((account) => ({ ...account, roles: [...account.roles] })),
      });
const running: Pick<FakeServer, 'stop'>[] = [s3, zendesk, gitbook, forumbee, jira.auth, jira.api];
if (entra) running.push(entra);

if (values['s3-downloads']) {
  await preloadDownloads(s3, {
    configFile: values.config,
    ...(values['downloads-dir'] ? { directory: values['downloads-dir'] } : {}),
  });
}
for (const spec of values['s3-preload']) {
  const equals = spec.indexOf('=');
  await preloadDirectory(
    s3,
    equals === -1 ? spec : spec.slice(0, equals),
    equals === -1 ? '' : spec.slice(equals + 1),
  );
}

process.stdout.write(
  `${JSON.stringify({
    s3: {
      url: s3.endpoint,
      bucket,
      region: s3.region,
      accessKeyId: s3.credentials.accessKeyId,
      secretAccessKey: s3.credentials.secretAccessKey,
      objects: s3.keys().length,
    },
    zendesk: {
      url: zendesk.url,
      clientId: zendesk.client.identifier,
      clientSecret: zendesk.client.secret,
      locale: zendesk.locale,
    },
    forumbee: { url: forumbee.url, apiKey: FORUMBEE_FAKE_API_KEY },
    gitbook: {
      url: gitbook.url,
      token: gitbook.token,
      organizationId: gitbook.organizationId,
      siteId: gitbook.siteId,
      siteUrl: gitbook.siteUrl,
    },
    jira: {
      authUrl: jira.authUrl,
      apiUrl: jira.apiUrl,
      clientId: jira.clientId,
      clientSecret: jira.clientSecret,
      siteUrl: jira.siteUrl,
      jqlScope: jira.scope,
    },
    ...(entra
      ? {
          entra: {
            issuer: entra.issuer,
            clientId: ENTRA_FAKE_CLIENT.id,
            clientSecret: ENTRA_FAKE_CLIENT.secret,
          },
        }
      : {}),
  })}\n`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  Promise.all(running.map((fake) => fake.stop())).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
