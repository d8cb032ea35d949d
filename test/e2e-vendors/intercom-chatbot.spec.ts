import { expect, test } from '@playwright/test';
import { jwtVerify } from 'jose';
import { apiPaths } from '../../src/common/api-paths';
import { CHAT_UPDATE_DELAY_MS } from '../../src/common/chat';
import { INTERCOM_WIDGET_ORIGIN, routeFakeIntercom } from '../fakes/intercom/index';
import { vendorPortal } from './support/vendor-portal';
import { signInStaffWithJira } from './support/vendor-sign-in';

/**
 * `/chatbot` on the all-vendor portal, whose chat is Intercom's (INTERCOM_APP_ID, INTERCOM_IDENTITY_SECRET,
 * INTERCOM_REGION=eu): the widget and the Messenger's ping are answered by the Intercom fake on Intercom's real
 * addresses, so the page's production Content Security Policy decides what may reach them.
 */
const { intercom } = vendorPortal;

test("/chatbot boots the Messenger at the region's api_base; the ping verifier accepts the user's JWT", async ({
  page,
}) => {
  const fake = await routeFakeIntercom(page, { identitySecret: intercom.identitySecret });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signInStaffWithJira(page, vendorPortal.agent);
  const me = await page.request.get(apiPaths.helpdesk.me);
  const { user } = (await me.json()) as { user: { id: string; email: string } };

  const document = await page.goto('/chatbot');
  const policy = document?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain(intercom.apiBase);
  expect(policy).toContain(INTERCOM_WIDGET_ORIGIN.replace(/\/$/, ''));

  await expect.poll(() => fake.pings.length, { timeout: CHAT_UPDATE_DELAY_MS + 10_000 }).toBe(1);
  expect(fake.widgetRequests).toEqual([`${INTERCOM_WIDGET_ORIGIN}widget/${intercom.appId}`]);
  const ping = fake.pings[0];
  expect(ping).toMatchObject({
    apiBase: intercom.apiBase,
    call: 'boot',
    appId: intercom.appId,
    verdict: { accepted: true, userId: user.id, email: user.email },
  });
  // Who the user is travels inside the signed token only.
  expect(ping?.clear).not.toHaveProperty('user_id');
  expect(ping?.clear).not.toHaveProperty('email');
  await expect(page.getByRole('status').filter({ hasText: 'open in the Messenger' })).toBeVisible();
  expect(refused).toEqual([]);

  // And the token is the portal's, signed with the workspace's identity secret.
  const jwt = await page.evaluate(() => {
    const calls = (window as unknown as { intercomCalls?: unknown[][] }).intercomCalls ?? [];
    const boot = calls.find(([name]) => name === 'boot')?.[1] as { intercom_user_jwt?: string } | undefined;
    return boot?.intercom_user_jwt ?? '';
  });
  const { payload } = await jwtVerify(jwt, new TextEncoder().encode(intercom.identitySecret), {
    algorithms: ['HS256'],
  });
  expect(payload).toMatchObject({ user_id: user.id, email: user.email });
});
