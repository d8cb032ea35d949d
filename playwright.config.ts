import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountsFile } from './test/e2e/support/accounts';
import { intercomPortal } from './test/e2e/support/intercom-portal';
import { screenshotPortal } from './test/e2e/support/screenshot-portal';
import { mailboxUrl, modelApiKey, modelUrl, oidcClient, oidcIssuer, smtpUrl } from './test/e2e/support/peers';

// Browser tests drive Debian's Chromium (scripts/ensure-chromium.mjs finds or installs it) against a
// portal started on its own port with a fresh embedded database and the demo data, next to real protocol
// peers (an SMTP sink, an OpenID Connect provider and a fake OpenAI-compatible model,
// test/e2e/support/peers-server.ts).
const port = Number(process.env.E2E_PORT ?? 4300);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));

/** Its tests share one resource, the notices every customer sees: see the `notices` project. */
const NOTICES_SPEC = /notices\.spec\.ts$/;

/** The screenshot tests and their setup: against a portal of their own (test/e2e/support/screenshot-portal.ts). */
const SCREENSHOTS = /screenshots\/.*\.ts$/;

/** Where the server starter says that every server answers (test/e2e/support/start-together.ts). */
const readyPort = port + 70;

/** The browser tests' servers, in groups: each group starts once the one before answers. */
const servers = [
  [
    {
      name: 'peers',
      command: 'node --import tsx test/e2e/support/peers-server.ts',
      url: `${mailboxUrl}/ready`,
      env: { PORTAL_ORIGIN: baseURL },
    },
  ],
  [
    {
      // The run's own accounts first (test/e2e/support/prepare-accounts.ts), in the database the portal opens;
      // then the portal as `npm start` runs it (scripts/start.sh: its memory bounds included).
      name: 'portal',
      command: 'node --import tsx test/e2e/support/prepare-accounts.ts && exec sh scripts/start.sh',
      url: `${baseURL}/readyz`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'true',
        E2E_ACCOUNTS_FILE: accountsFile(port),
        LOG_LEVEL: 'warn',
        SMTP_URL: smtpUrl,
        OIDC_ISSUER: oidcIssuer,
        OIDC_CLIENT_ID: oidcClient.id,
        OIDC_CLIENT_SECRET: oidcClient.secret,
        ASSISTANT_LLM_URL: modelUrl,
        ASSISTANT_LLM_MODEL: 'fake-e2e-model',
        ASSISTANT_LLM_API_KEY: modelApiKey,
        // One admin writes 38 notices in a row in the stored-XSS test (notices.spec.ts); every other limit
        // keeps its default, as users meet them.
        RATE_LIMIT_NOTICE_WRITES_PER_MINUTE: '200',
      },
    },
    {
      // The same build with the Intercom chat on (test/e2e/support/intercom-portal.ts), for
      // chatbot-intercom.spec.ts alone: the chat is chosen at start, so it needs a process of its own. No demo
      // content and no identity provider, so that it starts quickly; its accounts are its own.
      name: 'intercom portal',
      command: 'node --import tsx test/e2e/support/prepare-accounts.ts && exec node scripts/start.mjs',
      url: `${intercomPortal.baseURL}/readyz`,
      env: {
        PORT: String(intercomPortal.port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-intercom-')),
        DEMO_DATA: 'false',
        E2E_ACCOUNTS_FILE: accountsFile(intercomPortal.port),
        LOG_LEVEL: 'warn',
        INTERCOM_APP_ID: intercomPortal.appId,
        INTERCOM_IDENTITY_SECRET: intercomPortal.identitySecret,
        INTERCOM_REGION: intercomPortal.region,
      },
    },
    {
      // The portal of the screenshot tests: demo data and accounts, one-time codes through the same SMTP sink.
      name: 'screenshot portal',
      command: 'exec sh scripts/start.sh',
      url: `${screenshotPortal.baseURL}/readyz`,
      env: {
        PORT: String(screenshotPortal.port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-screens-')),
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        SMTP_URL: smtpUrl,
      },
    },
  ],
];

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // Baselines of the screenshot tests sit beside them, one name per page, state and width: no platform suffix,
  // because they are taken on the one platform the tests run on (Debian's Chromium headless shell).
  snapshotPathTemplate: '{testDir}/screenshots/baselines/{arg}{ext}',
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // On CI's two cores the whole suite runs two workers beside three portals: a long keyboard flow marked
  // `test.slow()` took 90-96 s there on one VM (notices.spec's admin flow), past the 90 s that 30 s gave it. A
  // test's own waits (`expect`, below) keep their bounds, so a broken flow still fails in seconds.
  timeout: process.env.CI ? 45_000 : 30_000,
  // CI machines are shared: on a loaded one a page with its data took more than the default 5 s to show.
  expect: {
    timeout: process.env.CI ? 10_000 : 5_000,
    // Still pictures: no animation frame, no caret. A changed pixel in a thousand is a changed page (a lost
    // stylesheet changes thousands); anti-aliasing noise is far below it.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', maxDiffPixelRatio: 0.001 },
  },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: chromiumArgs,
    },
  },
  projects: [
    // Signs in once per role through the API and saves the browser state (test/e2e/auth.setup.ts).
    { name: 'setup', testMatch: /auth\.setup\.ts$/, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'chromium',
      testIgnore: [NOTICES_SPEC, SCREENSHOTS],
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['setup'],
    },
    // One worker: the notice tests count a customer's unread notices, which every notice made meanwhile
    // changes, also one made by another run of the same file (--repeat-each) in a second worker.
    {
      name: 'notices',
      testMatch: NOTICES_SPEC,
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['setup'],
    },
    {
      name: 'screenshots-setup',
      testMatch: /screenshots\/screenshots\.setup\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: screenshotPortal.baseURL },
    },
    {
      name: 'screenshots',
      testMatch: /screenshots\/.*\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: screenshotPortal.baseURL },
      dependencies: ['screenshots-setup'],
    },
  ],
  // One step starts every server (test/e2e/support/start-together.ts): the peers first, since the portals find
  // them at their start, then the three portals at once. As separate entries Playwright started each after the
  // one before answered.
  webServer: {
    command: 'node --import tsx test/e2e/support/start-together.ts',
    url: `http://127.0.0.1:${readyPort}/ready`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: { E2E_READY_PORT: String(readyPort), E2E_SERVERS: JSON.stringify(servers) },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
