import { expect, test, type Page } from '@playwright/test';
import { jwtVerify } from 'jose';
import { apiPaths } from '../../src/common/api-paths';
import { CHAT_UPDATE_DELAY_MS } from '../../src/common/chat';
import { signInWithPassword } from './support/auth';
import { accountsAt } from './support/accounts';
import { intercomPortal } from './support/intercom-portal';
import { gotoHydrated } from './support/pages';
import { INTERCOM_WIDGET_ORIGIN, routeFakeIntercom } from '../fakes/intercom/index';

/**
 * The Intercom Messenger on /chatbot, on the second portal that runs the Intercom chat
 * adapter (playwright.config.ts). The widget URL is answered by a stub that records every `Intercom(...)`
 * call, so the test sees what the real widget would be told: the script is asked for only on /chatbot and
 * only after the chat update delay, booted with the user and a JWT signed with the identity secret, and shut
 * down and removed when the user leaves the page.
 */
test.use({ baseURL: intercomPortal.baseURL });

const WIDGET = INTERCOM_WIDGET_ORIGIN;

interface RecordingWindow {
  intercomCalls?: unknown[][];
  /** When the widget's script element entered the page (its request starts then), in the page's clock. */
  widgetAddedAt?: number;
  Intercom?: unknown;
}

/** Answers the widget URL and the Messenger's ping with the Intercom fake, and notes when the script was added. */
async function stubWidget(page: Page): Promise<string[]> {
  const fake = await fakeIntercom(page);
  await noteWidgetAdded(page);
  return fake.widgetRequests;
}

async function fakeIntercom(page: Page) {
  return routeFakeIntercom(page, { identitySecret: intercomPortal.identitySecret });
}

async function noteWidgetAdded(page: Page): Promise<void> {
  await page.addInitScript((widget) => {
    const recording = window as unknown as RecordingWindow;
    new MutationObserver(() => {
      const added = document.querySelector(`script[src^="${widget}"]`);
      if (added && recording.widgetAddedAt === undefined) recording.widgetAddedAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  }, WIDGET);
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as RecordingWindow).intercomCalls ?? []);
const widgetScripts = (page: Page) => page.locator(`script[src^="${WIDGET}"]`);

/** Passes this long in the page's own clock (ms since the navigation started). */
const pageTimePasses = (page: Page, ms: number) =>
  page.waitForFunction((until) => performance.now() > until, ms);

async function signIn(page: Page) {
  const { agent } = accountsAt(intercomPortal.port);
  await signInWithPassword(page, agent);
  return agent;
}

test('/chatbot loads the Messenger after the delay, booted with the user and their JWT, and shuts it down on leaving', async ({
  page,
}) => {
  const fake = await fakeIntercom(page);
  await noteWidgetAdded(page);
  const requested = fake.widgetRequests;
  await signIn(page);
  const me = await page.request.get(apiPaths.helpdesk.me);
  const { user } = (await me.json()) as { user: { id: string; email: string; name: string } };

  await gotoHydrated(page, '/chatbot');
  // Not before the delay: when the script was added is read in the page's own clock, because on a loaded
  // machine the test itself may look only after the delay is over.
  await expect(widgetScripts(page)).toHaveCount(1, { timeout: CHAT_UPDATE_DELAY_MS + 5_000 });
  await expect.poll(() => requested).toEqual([`${WIDGET}widget/${intercomPortal.appId}`]);
  const addedAt = await page.evaluate(() => (window as unknown as RecordingWindow).widgetAddedAt ?? 0);
  expect(addedAt).toBeGreaterThanOrEqual(CHAT_UPDATE_DELAY_MS);

  await expect.poll(() => calls(page)).toContainEqual(['boot', expect.anything()]);
  const [bootName, settings] = (await calls(page))[0] ?? [];
  expect(bootName).toBe('boot');
  expect(settings).toMatchObject({
    app_id: intercomPortal.appId,
    api_base: intercomPortal.apiBase,
    name: user.name,
    created_at: expect.any(Number),
    intercom_user_jwt: expect.any(String),
  });
  // Who the user is travels inside the signed token only.
  expect(settings).not.toHaveProperty('user_id');
  expect(settings).not.toHaveProperty('email');
  const { intercom_user_jwt: jwt } = settings as { intercom_user_jwt: string };
  const { payload } = await jwtVerify(jwt, new TextEncoder().encode(intercomPortal.identitySecret), {
    algorithms: ['HS256'],
  });
  expect(payload).toMatchObject({ user_id: user.id, email: user.email });
  expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  // The Messenger pinged the workspace's region under /chatbot's own policy, and the token was accepted.
  await expect.poll(() => fake.pings.length).toBe(1);
  expect(fake.pings[0]).toMatchObject({
    apiBase: intercomPortal.apiBase,
    call: 'boot',
    appId: intercomPortal.appId,
    verdict: { accepted: true, userId: user.id, email: user.email },
  });
  expect(fake.pings[0]?.clear).not.toHaveProperty('user_id');
  await expect(page.getByRole('status').filter({ hasText: 'open in the Messenger' })).toBeVisible();

  // Leaving by an in-app link: no reload, so the page itself must stop the Messenger.
  await page.getByRole('banner').locator('a[href="/"]').first().click();
  await expect(page).toHaveURL('/');
  await expect.poll(async () => (await calls(page)).at(-1)).toEqual(['shutdown']);
  await expect(widgetScripts(page)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as RecordingWindow).Intercom)).toBeUndefined();
  expect(requested).toHaveLength(1);
});

test('a fresh identity token reaches the running Messenger before the old one expires', async ({ page }) => {
  const fake = await fakeIntercom(page);
  await page.clock.install();
  await signIn(page);
  await gotoHydrated(page, '/chatbot');
  await page.clock.fastForward(CHAT_UPDATE_DELAY_MS + 1_000);
  await expect.poll(() => calls(page)).toContainEqual(['boot', expect.anything()]);
  const boot = (await calls(page)).find(([name]) => name === 'boot')?.[1] as { intercom_user_jwt: string };
  // Tokens carry their issue time in whole seconds: one asked for within the same second would be the same.
  await page.waitForTimeout(1_100);
  // Five minutes before the hour-long token expires, the page asks for a fresh one and hands it over.
  await page.clock.fastForward('55:30');
  await expect.poll(async () => (await calls(page)).filter(([name]) => name === 'update')).toHaveLength(1);
  const update = (await calls(page)).find(([name]) => name === 'update')?.[1] as {
    intercom_user_jwt: string;
  };
  expect(update.intercom_user_jwt).not.toBe(boot.intercom_user_jwt);
  const secret = new TextEncoder().encode(intercomPortal.identitySecret);
  const [first, fresh] = await Promise.all(
    [boot, update].map(async ({ intercom_user_jwt: jwt }) => (await jwtVerify(jwt, secret)).payload),
  );
  expect(fresh?.user_id).toBe(first?.user_id);
  expect(fresh?.exp ?? 0).toBeGreaterThan(first?.exp ?? 0);
  // Not booted again: the conversation goes on, and Intercom accepts the fresh token.
  expect((await calls(page)).filter(([name]) => name === 'boot')).toHaveLength(1);
  await expect
    .poll(() => fake.pings.map((ping) => [ping.call, ping.verdict.accepted]))
    .toEqual([
      ['boot', true],
      ['update', true],
    ]);
});

test('the Messenger is never loaded on / or /sla', async ({ page }) => {
  const requested = await stubWidget(page);
  await signIn(page);
  for (const path of ['/', '/sla']) {
    await gotoHydrated(page, path);
    await pageTimePasses(page, CHAT_UPDATE_DELAY_MS + 1_000);
    await expect(widgetScripts(page)).toHaveCount(0);
  }
  expect(requested).toEqual([]);
});

test('reached by an in-app link, /chatbot is loaded again so that its own policy lets the widget run', async ({
  page,
}) => {
  const requested = await stubWidget(page);
  await signIn(page);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
  });
  await page.getByRole('link', { name: 'Use the AI chatbot' }).first().click();
  await expect(page).toHaveURL('/chatbot');
  await expect(widgetScripts(page)).toHaveCount(1, { timeout: CHAT_UPDATE_DELAY_MS + 10_000 });
  expect(documents).toContain('/chatbot');
  expect(requested).toHaveLength(1);
});
