import { expect, test, type Locator, type Page } from '@playwright/test';
import { controlledList, expectNoAxeViolations, gotoHydrated } from './support/pages';
import { AUTH_STATE } from './support/signed-in';

/**
 * The admin area is reached by clicks alone (the header's Admin menu on a desktop, the drawer on a phone),
 * only by admins; sign-in sits at the top of the phone drawer; the download records' filters live in the URL.
 */

/** Every admin page, as the Admin menu names it, with the heading its page opens with. */
const ADMIN_PAGES = [
  { link: 'Manage Support Notices', heading: 'Manage Support Notices', url: /\/support-notices$/ },
  { link: 'Notice readers', heading: 'Notice readers', url: /\/users$/ },
  { link: 'Download records', heading: 'Download records', url: /\/admin\/download-records$/ },
  { link: 'Search analytics', heading: 'Search analytics', url: /\/admin\/search-analytics$/ },
  { link: 'Content sync', heading: 'Content sync', url: /\/admin\/content-sync$/ },
  { link: 'Canned replies', heading: 'Canned replies', url: /\/admin\/canned-replies$/ },
];

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

const adminButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' });

async function openDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test.describe('an admin on a desktop', () => {
  test.use({ storageState: AUTH_STATE.admin, viewport: { width: 1280, height: 800 } });

  test('reaches every admin page from the home page through the Admin menu', async ({ page }) => {
    test.slow(); // six pages, each with an axe run
    await page.goto('/');
    for (const target of ADMIN_PAGES) {
      await adminButton(page).click();
      const menu = await controlledList(page, adminButton(page));
      await expect(menu.getByRole('link')).toHaveText(ADMIN_PAGES.map((entry) => entry.link));
      await menu.getByRole('link', { name: target.link, exact: true }).click();
      await expect(page).toHaveURL(target.url);
      await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    // The readers page without a notice asks for one, from a list, and does not say nobody read it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' }).click();
    await page.getByRole('link', { name: 'Notice readers', exact: true }).click();
    await expect(page.getByText('Choose a notice to see who read it.')).toBeVisible();
    await expect(page.getByText('No Users found!')).toHaveCount(0);
  });

  test('operates the Admin menu by keyboard alone', async ({ page }) => {
    await gotoHydrated(page, '/');
    const button = adminButton(page);
    await button.focus();
    await page.keyboard.press('ArrowDown');
    const menu = await controlledList(page, button);
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Manage Support Notices' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Download records' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    // Enter opens it with the focus on the button (a disclosure); ArrowDown then enters the list.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Manage Support Notices' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('link', { name: 'Canned replies' })).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/download-records$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Download records' })).toBeVisible();
  });

  test('keeps the download records filters in the URL: a reload and Back restore them', async ({ page }) => {
    // The filters reach the URL through the app: a filter changed before it runs is the browser's alone.
    await gotoHydrated(page, '/admin/download-records');
    const filters = page.getByRole('form', { name: 'Filter download records' });
    await filters.getByLabel('File type').selectOption('Postman');
    await filters.getByLabel('Email contains').fill('example');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/email=example/);
    await expect(page).toHaveURL(/fileType=Postman/);
    await expect(page.getByRole('link', { name: 'Export these records as CSV' })).toHaveAttribute(
      'href',
      /email=example&fileType=Postman$/,
    );

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(filters.getByLabel('File type')).toHaveValue('Postman');
    await expect(filters.getByLabel('Email contains')).toHaveValue('example');

    // The filters as they were, then one more; Back goes to the first, and the fields follow.
    await filters.getByLabel('File type').selectOption('Image');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/fileType=Image/);
    await page.goBack();
    await expect(page).toHaveURL(/fileType=Postman/);
    await expect(filters.getByLabel('File type')).toHaveValue('Postman');
    await expect(filters.getByLabel('Email contains')).toHaveValue('example');

    // Leaving and coming Back keeps them too.
    await page.goto('/');
    await page.goBack();
    await expect(page).toHaveURL(/fileType=Postman/);
    await expect(filters.getByLabel('File type')).toHaveValue('Postman');
    await expectNoAxeViolations(page);
  });
});

test.describe('an admin on a phone', () => {
  test.use({ storageState: AUTH_STATE.admin, ...PHONE });

  test('reaches every admin page through the drawer, with the account at its top', async ({ page }) => {
    test.slow(); // six pages, each with an axe run
    await page.goto('/');
    for (const target of ADMIN_PAGES) {
      const drawer = await openDrawer(page);
      const logout = drawer.getByRole('button', { name: 'Logout' });
      await expect(logout).toBeVisible();
      expect((await logout.boundingBox())?.y ?? Infinity).toBeLessThan(812);
      const section = drawer.getByRole('navigation', { name: 'Mobile' });
      await expect(section.getByRole('heading', { name: 'Admin' })).toBeVisible();
      await section.getByRole('link', { name: target.link, exact: true }).click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(target.url);
      await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
      // The page's tables scroll inside their own region: the page is never wider than the phone.
      // (Measured against the phone's width: an emulated phone widens its viewport to a wider page.)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(page);
    }
  });
});

for (const role of ['customer', 'agent'] as const) {
  test.describe(`a signed-in ${role}`, () => {
    test.use({ storageState: AUTH_STATE[role] });

    test('sees no Admin menu, on a desktop or in the drawer', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await gotoHydrated(page, '/');
      const main = page.getByRole('navigation', { name: 'Main' });
      await expect(main.getByRole('button', { name: 'Support' })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Admin' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Download records' })).toHaveCount(0);

      await page.setViewportSize({ width: 375, height: 812 });
      const drawer = await openDrawer(page);
      await expect(drawer.getByRole('heading', { name: 'Support' })).toBeVisible();
      await expect(drawer.getByRole('heading', { name: 'Admin' })).toHaveCount(0);
      await expect(drawer.getByRole('link', { name: 'Manage Support Notices' })).toHaveCount(0);
    });
  });
}

test.describe('the drawer at 375 x 812', () => {
  test.use(PHONE);

  test('signed out: Customer Login and Agent Login are within its first screen', async ({ page }) => {
    await gotoHydrated(page, '/');
    const drawer = await openDrawer(page);
    for (const name of ['Customer Login', 'Agent Login']) {
      const link = drawer.getByRole('link', { name });
      await expect(link).toBeVisible();
      const box = await link.boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThan(812);
    }
    await expectNoAxeViolations(page);
  });

  test.describe('signed in', () => {
    test.use({ storageState: AUTH_STATE.customer });

    test("the user's name and Logout are within its first screen", async ({ page }) => {
      await gotoHydrated(page, '/');
      const drawer = await openDrawer(page);
      const account = drawer.getByRole('region', { name: 'Your account' });
      await expect(account).toContainText('(Customer)');
      const logout = account.getByRole('button', { name: 'Logout' });
      const box = await logout.boundingBox();
      expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThan(812);
      await expectNoAxeViolations(page);
    });
  });
});
