import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { apiPaths } from '../../../src/common/api-paths';
import { screenshotPortal } from '../support/screenshot-portal';
import { saveSignedIn, signInStaff, signInThroughHelpdesk } from '../support/sign-in-api';

/**
 * Signs in the demo customer, agent and admin on the screenshot portal, and gives it the same two notices on
 * every run, with fixed dates, so the notice pages have something to show (the demo data has no notices).
 */

mkdirSync(path.dirname(screenshotPortal.state.customer), { recursive: true });

setup.describe.configure({ mode: 'serial' });

setup('the pages are drawn in the fonts the pictures were taken with', async ({ page }) => {
  await page.goto('/');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  expect(
    fonts.map((font) => font.familyName),
    'Arial and Helvetica are drawn in Liberation Sans: install the Debian package fonts-liberation',
  ).toContain('Liberation Sans');
});

setup('the demo admin, signed in, writes the two notices', async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  await signInStaff(page, screenshotPortal.admin, origin);
  const notices = [
    {
      title: 'Controller 8.1 maintenance window',
      description:
        '<p>The hosted <strong>Controller</strong> is read-only during the upgrade to 8.1. Gateways keep forwarding traffic.</p>',
      type: 'Maintenance',
    },
    {
      title: 'Upgrade gateways before 7.1 reaches end of life',
      description: '<p>Release 7.1 reaches end of life on Dec 31 2027. Plan the upgrade to 8.1.</p>',
      type: 'Upgrade Advise',
    },
  ];
  for (const notice of notices) {
    const response = await page.request.post(apiPaths.notices.notice, {
      headers: { origin },
      data: { ...notice, startDate: '2026-01-01T09:00:00.000Z', endDate: '2099-12-31T17:00:00.000Z' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await saveSignedIn(page, screenshotPortal.state.admin, screenshotPortal.admin.name);
});

setup('the demo agent, signed in', async ({ page, baseURL }) => {
  await signInStaff(page, screenshotPortal.agent, baseURL ?? '');
  await saveSignedIn(page, screenshotPortal.state.agent, screenshotPortal.agent.name);
});

setup('the demo customer, signed in through the help desk', async ({ page, baseURL }) => {
  await signInThroughHelpdesk(page.request, screenshotPortal.customer.email, baseURL ?? '');
  // The customer has read the second notice before any picture, so that the notice's page and its readers
  // look the same whichever picture comes first (opening a notice records its read).
  await page.goto('/notifications');
  const read = page.waitForResponse(
    (response) =>
      response.url().includes(apiPaths.notices.seenByUsers) && response.request().method() === 'POST',
  );
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Upgrade gateways before 7.1 reaches end of life' })
    .click();
  expect((await read).ok()).toBe(true);
  await saveSignedIn(page, screenshotPortal.state.customer, screenshotPortal.customer.name);
});
