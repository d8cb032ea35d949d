import { expect, test, type Page } from '@playwright/test';
import { apiPaths } from '../../src/common/api-paths';
import { collectPageErrors, expectNoAxeViolations, gotoHydrated } from './support/pages';
import { AUTH_STATE } from './support/signed-in';

/**
 * The content sync page without a vendor (the main suite's portal has none): an admin is told the content
 * comes from the content folder and where to read how to configure a vendor, at a desktop's width and a
 * phone's, without an axe violation; anyone else gets No Page and the API refuses them.
 */

const PATH = '/admin/content-sync';

async function expectEmptyState(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Content sync' })).toBeVisible();
  const empty = page.getByRole('region', { name: 'No vendor feed is configured' });
  await expect(empty).toBeVisible();
  await expect(empty).toContainText('CONTENT_DIR');
  await expect(empty).toContainText('“Vendor content feeds”');
  await expect(page.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
}

test.describe('an admin', () => {
  test.use({ storageState: AUTH_STATE.admin });

  test('at 1280 px: the empty state, reached from the Admin menu by keyboard', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = collectPageErrors(page);
    await gotoHydrated(page, '/');
    const admin = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' });
    await admin.focus();
    await page.keyboard.press('ArrowDown');
    // End is the open menu's key: a press before the menu has taken the focus goes to the page.
    const menu = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Manage Support Notices' });
    await expect(menu).toBeFocused();
    await page.keyboard.press('End');
    // The last entry is the canned replies; Content sync is the one above it.
    await expect(page.getByRole('link', { name: 'Canned replies', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('link', { name: 'Content sync', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await expectEmptyState(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('content-sync-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  test('at 375 px: the empty state fits the phone', async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      storageState: AUTH_STATE.admin,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    try {
      await gotoHydrated(page, PATH);
      await expectEmptyState(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath('content-sync-375.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  test('the server render holds the empty state before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ storageState: AUTH_STATE.admin, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(PATH);
      await expect(page.getByRole('heading', { name: 'No vendor feed is configured' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('"Sync now" of a source no vendor fills is 404', async ({ page, baseURL }) => {
    await gotoHydrated(page, PATH);
    // A same-origin call, as the page's own is (the server refuses a POST from elsewhere).
    const res = await page.request.post(apiPaths.admin.contentSyncSource.replace(':source', 'kb'), {
      data: {},
      headers: { origin: baseURL ?? '' },
    });
    expect(res.status()).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe('No vendor feed fills this source.');
  });
});

for (const role of ['customer', 'agent'] as const) {
  test.describe(`a signed-in ${role}`, () => {
    test.use({ storageState: AUTH_STATE[role] });

    test('gets No Page, and the API refuses the status', async ({ page }) => {
      await gotoHydrated(page, PATH);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page.getByText('No vendor feed is configured')).toHaveCount(0);
      expect((await page.request.get(apiPaths.admin.contentSync)).status()).toBe(403);
    });
  });
}

test('a visitor gets No Page, and the API asks them to sign in', async ({ page }) => {
  await gotoHydrated(page, PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect((await page.request.get(apiPaths.admin.contentSync)).status()).toBe(401);
});
