import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs } from './playwright.config';
import { vendorEnv, vendorFakes, vendorPortal } from './test/e2e-vendors/support/vendor-portal';

// The vendor profile: one portal with every vendor adapter written so far pointed at its fake, all the fakes in
// one process (test/fakes/start-all.ts), and the scenarios that cross the portal and a vendor. `npm test` runs it
// after the main browser suite (scripts/test.mjs).
const { s3, zendesk, gitbook, forumbee, jira, entra } = vendorFakes;

export default defineConfig({
  testDir: 'test/e2e-vendors',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL: vendorPortal.baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'vendors', use: { ...devices['Desktop Chrome'] } }],
  // The fakes first: the portal finds them at start (Entra's discovery included). The S3 fake holds the demo's download files and their
  // .sha256 sidecars, as a release process would have uploaded them; the Zendesk, GitBook and Forumbee fakes
  // their fixture content, which the portal syncs in the background from its start.
  webServer: [
    {
      command: [
        'node --import tsx test/fakes/start-all.ts',
        `--s3-port ${s3.port} --s3-bucket ${s3.bucket} --s3-downloads`,
        `--zendesk-port ${zendesk.port} --gitbook-port ${gitbook.port} --forumbee-port ${forumbee.port}`,
        `--zendesk-redirect-uri ${vendorPortal.baseURL}/zendeskAuth`,
        `--jira-port ${jira.port} --jira-api-port ${jira.apiPort}`,
        `--entra-port ${entra.port} --entra-redirect-uri ${vendorPortal.baseURL}/login/callback`,
      ].join(' '),
      url: `${s3.url}/__fake/ready`,
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'sh scripts/start.sh',
      url: `${vendorPortal.baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(vendorPortal.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: vendorPortal.baseURL,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-vendors-')),
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ENDPOINT: s3.url,
        S3_FORCE_PATH_STYLE: 'true',
        // The fake's own test key, found by the SDK's default chain as a deployment's would be.
        AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        // Every other vendor: the knowledge base and customer sign-in (Zendesk), the documentation (GitBook), the
        // community (Forumbee), agent sign-in (Entra), the tracker (Jira) and the chat (Intercom, whose widget
        // the specs answer in the browser).
        ...vendorEnv(),
      },
    },
  ],
});
