import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiPaths } from '../../src/common/api-paths';
import { accounts } from './support/accounts';
import { storedProfile } from './support/auth';
import { controlledList, expectNoAxeViolations, gotoHydrated } from './support/pages';
import { AUTH_STATE } from './support/signed-in';

/**
 * Notice titles across the portal, the Deleted view and its Restore, the readers page, the bell's preview and
 * "Mark all as read", and the notices page's search and view in the URL. In the `notices` project (its file
 * name ends in notices.spec.ts): it changes what the customer has unread, which the other notice tests count.
 */
test.describe.configure({ mode: 'serial' });

interface SavedNotice {
  Notice_ID: string;
  title: string;
}

async function signedInRequest(browser: Browser, baseURL: string | undefined, role: 'admin' | 'customer') {
  const context = await browser.newContext({ storageState: AUTH_STATE[role], baseURL });
  return { context, request: context.request, origin: baseURL ?? '' };
}

async function createNotice(
  request: APIRequestContext,
  origin: string,
  title: string,
  text: string,
): Promise<SavedNotice> {
  const start = Date.now() - 60_000;
  const res = await request.post(apiPaths.notices.notice, {
    headers: { origin },
    data: {
      title,
      description: `<p>${text}</p>`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 86_400_000).toISOString(),
      type: 'Maintenance',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { Item: SavedNotice }).Item;
}

async function deleteNotice(request: APIRequestContext, origin: string, id: string) {
  await request.post(apiPaths.notices.deleteNotice, { headers: { origin }, data: { Notice_ID: id } });
}

const bell = (page: Page) => page.getByTestId('notice-bell');

async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = /Notifications, (\d+|none) unread/.exec(label);
  if (!match) throw new Error(`the bell says ${label}`);
  return match[1] === 'none' ? 0 : Number(match[1]);
}

const run = Date.now().toString(36);

/** Picks a view of the notices page as a user does: a click on its segment. */
async function chooseView(page: Page, name: string) {
  await page
    .getByRole('radiogroup', { name: 'Show notices' })
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
}

test.describe('a customer', () => {
  test.use({ storageState: AUTH_STATE.customer });

  test('sees the title in the bell, the list and the details, and marks all as read', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // two contexts and four axe runs
    const admin = await signedInRequest(browser, baseURL, 'admin');
    const made: SavedNotice[] = [];
    try {
      made.push(
        await createNotice(admin.request, admin.origin, `Edge reboot ${run}`, 'Edges reboot at 02:00.'),
      );
      made.push(
        await createNotice(
          admin.request,
          admin.origin,
          `Controller upgrade ${run}`,
          'The controller moves to 8.1.',
        ),
      );
      await gotoHydrated(page, '/');
      await expect.poll(() => unreadCount(page)).toBeGreaterThanOrEqual(2);
      await expect(page.getByTestId('notice-count')).toBeVisible();

      // The bell previews the latest unread notices, newest first: title, type and age.
      await bell(page).click();
      const menu = await controlledList(page, bell(page));
      const previews = menu.getByRole('region', { name: /^Unread notices/ }).getByRole('link');
      await expect(previews.first()).toContainText(`Controller upgrade ${run}`);
      await expect(previews.first()).toContainText(/Maintenance · (just now|\d+ (second|minute)s? ago)/);
      await expect(previews.nth(1)).toContainText(`Edge reboot ${run}`);
      await expectNoAxeViolations(page);

      // Each opens its details, whose heading is the title.
      await previews.nth(1).click();
      await expect(page).toHaveURL(new RegExp(`/notification-details\\?id=${made[0]?.Notice_ID}$`));
      await expect(page.getByRole('heading', { level: 2, name: `Edge reboot ${run}` })).toBeVisible();
      await expect(page.getByText('Edges reboot at 02:00.')).toBeVisible();
      await expect(page.getByText(/Starts [A-Z][a-z]{2} \d{2} \d{4}, \d{2}:\d{2} UTC/)).toBeVisible();

      // The list shows titles too.
      await gotoHydrated(page, '/notifications');
      const list = page.getByRole('list', { name: 'Active notices' });
      await expect(list.getByRole('heading', { level: 2, name: `Controller upgrade ${run}` })).toBeVisible();
      await expectNoAxeViolations(page);

      // Mark all as read: the badge goes, the preview says so; a notice arriving after counts again (live).
      await expect.poll(() => unreadCount(page)).toBeGreaterThanOrEqual(1);
      await bell(page).click();
      await menu.getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => unreadCount(page)).toBe(0);
      await expect(page.getByTestId('notice-count')).toHaveCount(0);
      await expect(menu.getByText('No unread notices')).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Notifications', exact: true })).toBeFocused();
      await expect(list.getByText('Unread', { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      made.push(await createNotice(admin.request, admin.origin, `After the mark ${run}`, 'One more.'));
      await expect.poll(() => unreadCount(page), { timeout: 5_000 }).toBe(1);
    } finally {
      for (const notice of made) await deleteNotice(admin.request, admin.origin, notice.Notice_ID);
      await admin.context.close();
    }
  });
});

test.describe('an admin', () => {
  test.use({ storageState: AUTH_STATE.admin });

  test('finds a notice by its title, deletes it, finds it under Deleted and restores it', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const origin = baseURL ?? '';
    const title = `Restorable ${run}`;
    const created = await createNotice(page.request, origin, title, 'To be deleted and restored.');
    // The search filters the table as one types, which the app does: this is about that.
    await gotoHydrated(page, '/support-notices');
    await page.getByRole('searchbox', { name: 'Search notices' }).fill(title);
    const current = page.getByRole('table', { name: 'Active notices' });
    const row = current.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Maintenance');
    await expect(row.getByRole('link', { name: /^History/ })).toHaveAttribute(
      'href',
      `/notification-details?id=${created.Notice_ID}#notice-history`,
    );
    await row.getByRole('button', { name: /^Delete/ }).click();
    await page
      .getByRole('dialog', { name: 'Delete notice' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Notice deleted.' })).toBeVisible();
    // The status is news of the last action: it goes by itself.
    await expect(page.getByRole('status').filter({ hasText: 'Notice deleted.' })).toHaveCount(0, {
      timeout: 10_000,
    });

    await chooseView(page, 'Deleted');
    await expect(page).toHaveURL(/view=deleted/);
    const deleted = page.getByRole('table', { name: 'Deleted notices' });
    const gone = deleted.getByRole('row').filter({ hasText: title });
    await expect(gone).toHaveCount(1);
    await expectNoAxeViolations(page);
    await gone.getByRole('button', { name: /^Restore/ }).click();
    await expect(page.getByRole('status').filter({ hasText: `Notice “${title}” restored.` })).toBeVisible();
    await expect(gone).toHaveCount(0);

    // Back in the current notices, and its history says who restored it.
    await chooseView(page, 'Current');
    await expect(current.getByRole('row').filter({ hasText: title })).toHaveCount(1);
    await current
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('link', { name: /^History/ })
      .click();
    const history = page.getByRole('table', { name: 'Change history' });
    await expect(history.getByRole('row').nth(1)).toContainText('Restored');
    await expect(history.getByRole('row').nth(1)).toContainText(accounts.admin.name);
    await expect(history.getByRole('row').nth(1)).toContainText(/[A-Z][a-z]{2} \d{2} \d{4}, \d{2}:\d{2} UTC/);
    await expectNoAxeViolations(page);
    await deleteNotice(page.request, origin, created.Notice_ID);
  });

  test('at 375 px the notices table scrolls in its own region: the page is no wider than the phone', async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const created = await createNotice(page.request, origin, `Narrow ${run}`, 'Fits a phone.');
    try {
      await page.setViewportSize({ width: 375, height: 812 });
      await gotoHydrated(page, '/support-notices');
      const table = page.getByRole('table', { name: 'Active notices' });
      await expect(table.getByRole('row').filter({ hasText: `Narrow ${run}` })).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // The row's actions are there, a sideways scroll of the table away.
      const region = page.getByRole('region', { name: 'Active notices' });
      await region.evaluate((element) => element.scrollBy({ left: 2000 }));
      await expect(
        table
          .getByRole('row')
          .filter({ hasText: `Narrow ${run}` })
          .getByRole('button', { name: /^Update/ }),
      ).toBeInViewport();
      await expectNoAxeViolations(page);
    } finally {
      await deleteNotice(page.request, origin, created.Notice_ID);
    }
  });

  test('keeps the search and the view in the URL: a reload and Back restore them', async ({ page }) => {
    // The search and the view reach the URL through the app: this is about that.
    await gotoHydrated(page, '/support-notices');
    await page.getByRole('searchbox', { name: 'Search notices' }).fill('controller');
    await expect(page).toHaveURL(/q=controller/);
    await chooseView(page, 'Expired');
    await expect(page).toHaveURL(/view=expired/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('searchbox', { name: 'Search notices' })).toHaveValue('controller');
    await expect(page.getByRole('radio', { name: 'Expired' })).toBeChecked();
    await chooseView(page, 'Deleted');
    await expect(page).toHaveURL(/view=deleted/);
    await page.goBack();
    await expect(page).toHaveURL(/view=expired/);
    await expect(page.getByRole('radio', { name: 'Expired' })).toBeChecked();
    await expect(page.getByRole('searchbox', { name: 'Search notices' })).toHaveValue('controller');
  });

  test('the readers page shows the notice and who read it, with organisation and time, no ids', async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const customer = await signedInRequest(browser, baseURL, 'customer');
    const title = `Read me ${run}`;
    const created = await createNotice(page.request, origin, title, 'A notice to be read.');
    try {
      // The customer opens it, which records the read.
      const customerPage = await customer.context.newPage();
      await gotoHydrated(customerPage, `/notification-details?id=${created.Notice_ID}`);
      await expect(customerPage.getByRole('heading', { level: 2, name: title })).toBeVisible();
      const profile = await storedProfile(customerPage);
      const reader = { name: String(profile?.userName ?? ''), email: String(profile?.userEmail ?? '') };
      expect(reader.email).toContain('@');
      await expect
        .poll(async () => {
          const res = await page.request.get(`${apiPaths.notices.seenByUsers}?id=${created.Notice_ID}`);
          return ((await res.json()) as { users: unknown[] }).users.length;
        })
        .toBe(1);

      await gotoHydrated(page, `/users?id=${created.Notice_ID}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Notice readers' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expect(page.getByText('A notice to be read.')).toBeVisible();
      await expect(page.getByText(/Starts [A-Z][a-z]{2} \d{2} \d{4}, \d{2}:\d{2} UTC/)).toBeVisible();
      const readers = page.getByRole('table', { name: /Users who read the notice/ });
      await expect(readers.getByRole('columnheader')).toHaveText([
        'Name',
        'Email',
        'Organisation',
        'Role',
        'Read (UTC)',
      ]);
      const row = readers.getByRole('row').nth(1);
      await expect(row.getByRole('cell').nth(0)).toHaveText(reader.name);
      await expect(row.getByRole('cell').nth(1)).toHaveText(reader.email);
      await expect(row.getByRole('cell').nth(2)).not.toHaveText('—');
      await expect(row.getByRole('cell').nth(4)).toHaveText(/^[A-Z][a-z]{2} \d{2} \d{4}, \d{2}:\d{2} UTC$/);
      // Nobody is shown as an id.
      await expect(readers).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
      await expect(readers).not.toContainText('User_ID');
      await expectNoAxeViolations(page);
    } finally {
      await deleteNotice(page.request, origin, created.Notice_ID);
      await customer.context.close();
    }
  });
});
