import { expect, test, type Browser, type Page } from '@playwright/test';
import { chatbotPolicyPath, eolPolicyPath, portalConfig } from './support/portal-config';
import { expectNoAxeViolations, gotoHydrated } from './support/pages';
import { AUTH_STATE, type SignedInRole } from './support/signed-in';

/**
 * Every page of the portal at 375 x 812, signed out and in each role: once its data is on screen, nothing
 * makes the document wider than the phone (a wide table scrolls inside its own region or stacks), the menu
 * drawer then opens wholly on screen, and the announcement can be dismissed.
 */

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

interface Visit {
  path: string;
  /** What shows once the page has its data (beyond the shell being hydrated and no "Loading…" left). */
  ready?: (page: Page) => Promise<void>;
}

// Every service description opens in the site's PDF page.
const documents = portalConfig.serviceDescriptions.documents;

const PUBLIC: Visit[] = [
  { path: '/', ready: (page) => expect(page.getByRole('heading', { name: /Knowledge Base/ })).toBeVisible() },
  { path: '/sla', ready: (page) => expect(page.getByRole('table')).toBeVisible() },
  { path: eolPolicyPath, ready: (page) => expect(page.getByRole('table')).toBeVisible() },
  { path: chatbotPolicyPath },
  { path: '/service-descriptions' },
  ...documents.map((doc) => ({ path: `/support-services/${doc.file}.pdf` })),
  { path: '/locating-controllerid-customerid' },
  { path: '/download-process' },
  { path: '/search' },
  { path: '/search?q=ipsec%20tunnel%20flapping' },
  { path: '/docs' },
  // The article pages of the Tech Hub.
  {
    path: '/docs?article=gateway-unreachable',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    path: '/docs?article=deploy-first-spoke-gateway',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  { path: '/downloads' },
  { path: '/downloads/api-collection' },
  { path: '/helpdesk/authorize' },
  { path: '/zendeskAuth' },
  { path: '/code' },
  { path: '/login/callback' },
  { path: '/no-such-page' },
];

const CUSTOMER: Visit[] = [
  { path: '/', ready: (page) => expect(page.getByRole('heading', { name: /Knowledge Base/ })).toBeVisible() },
  {
    path: '/tickets',
    ready: (page) => expect(page.getByText(/My Requests|No tickets found/).first()).toBeVisible(),
  },
  { path: '/tickets/new' },
  { path: '/chatbot', ready: (page) => expect(page.getByLabel('Ask a question')).toBeVisible() },
  { path: '/notifications' },
  { path: '/notification-details' },
  {
    path: '/downloads',
    ready: (page) => expect(page.getByRole('button', { name: 'Yes', exact: true })).toBeVisible(),
  },
  {
    path: '/downloads/api-collection',
    ready: (page) => expect(page.getByRole('table', { name: 'Postman collections' })).toBeVisible(),
  },
];

const AGENT: Visit[] = [
  { path: '/tickets', ready: (page) => expect(page.getByText('Ticket queue').first()).toBeVisible() },
  { path: '/chatbot', ready: (page) => expect(page.getByLabel('Ask a question')).toBeVisible() },
  { path: '/search?q=gateway' },
];

const ADMIN: Visit[] = [
  {
    path: '/support-notices',
    ready: (page) =>
      // A table, or the empty list's sentence ('No current notices. …', 'No downloads yet. …').
      expect(page.getByRole('table').or(page.getByRole('main').getByText(/^No /)).first()).toBeVisible(),
  },
  { path: '/notifications' },
  {
    path: '/admin/download-records',
    ready: (page) =>
      // A table, or the empty list's sentence ('No current notices. …', 'No downloads yet. …').
      expect(page.getByRole('table').or(page.getByRole('main').getByText(/^No /)).first()).toBeVisible(),
  },
  {
    path: '/admin/search-analytics',
    // Its tables, or before any search of the run its empty sentences.
    ready: (page) =>
      expect(
        page.getByRole('table').or(page.getByRole('main').getByText('No searches in this period.')).first(),
      ).toBeVisible(),
  },
  { path: '/users' },
  { path: '/admin/content-sync' },
  {
    path: '/admin/canned-replies',
    ready: (page) => expect(page.getByRole('list', { name: 'Canned replies' })).toBeVisible(),
  },
  {
    path: '/downloads',
    ready: (page) => expect(page.getByRole('button', { name: 'Yes', exact: true })).toBeVisible(),
  },
];

/** The page's width against the phone's, and the menu drawer opened on it. */
async function expectFitsPhone(page: Page, visit: Visit) {
  await gotoHydrated(page, visit.path);
  await checkFits(page, visit.path, visit.ready);
}

async function checkFits(page: Page, name: string, ready?: (page: Page) => Promise<void>) {
  if (ready) await ready(page);
  await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0, { timeout: 15_000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `${name} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // The drawer slides in: measured once it stands still.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const box = await menu.boundingBox();
  expect(box, `the menu on ${name} has a box`).not.toBeNull();
  if (box) {
    expect.soft(box.x, `the menu on ${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect.soft(box.x + box.width, `the menu on ${name} ends on screen`).toBeLessThanOrEqual(PHONE.width);
  }
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // The announcement can be dismissed on every page (the wizard's later stages are the same page view: it is
  // gone there already).
  const banner = page.getByRole('region', { name: 'Announcement' });
  if (await banner.isVisible()) {
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect.soft(banner, `the announcement on ${name} is dismissed`).toBeHidden();
  }
}

async function pageAs(browser: Browser, baseURL: string | undefined, role: SignedInRole) {
  const context = await browser.newContext({
    storageState: AUTH_STATE[role],
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

/** A link's href on the current page, to visit the pages whose address carries an id. */
async function firstHref(page: Page, pattern: RegExp): Promise<string | null> {
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.find((href) => pattern.test(href)) ?? null;
}

test.describe('every page fits a 375 px phone', () => {
  test('signed out', async ({ page }) => {
    test.setTimeout(180_000);
    for (const visit of PUBLIC) await expectFitsPhone(page, visit);
  });

  test('as a customer, the download wizard included', async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const { context, page } = await pageAs(browser, baseURL, 'customer');
    for (const visit of CUSTOMER) await expectFitsPhone(page, visit);

    // The wizard's three stages (the last one's image tables are the widest).
    await gotoHydrated(page, '/downloads');
    await page.getByRole('button', { name: 'No', exact: true }).click();
    await checkFits(page, '/downloads, addresses', (p) =>
      expect(p.getByRole('group', { name: 'Deployment address' })).toBeVisible(),
    );
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await checkFits(page, '/downloads, images', (p) =>
      expect(p.getByRole('table', { name: 'VMware ESXi images' })).toBeVisible(),
    );
    await context.close();
  });

  test('as an agent, a ticket page included', async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const { context, page } = await pageAs(browser, baseURL, 'agent');
    for (const visit of AGENT) await expectFitsPhone(page, visit);

    await gotoHydrated(page, '/tickets');
    await expect(page.getByRole('table', { name: 'Ticket queue' })).toBeVisible({ timeout: 15_000 });
    const ticket = await firstHref(page, /^\/tickets\/\d+$/);
    expect(ticket, 'the queue links a ticket').not.toBeNull();
    await expectFitsPhone(page, {
      path: ticket ?? '',
      ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
    });
    await context.close();
  });

  test('as an admin, a notice, its readers and its history included', async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const { context, page } = await pageAs(browser, baseURL, 'admin');
    for (const visit of ADMIN) await expectFitsPhone(page, visit);

    await gotoHydrated(page, '/notifications');
    await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0, { timeout: 15_000 });
    const notice = await firstHref(page, /^\/notification-details\?id=\d+$/);
    if (notice) {
      await expectFitsPhone(page, { path: notice });
      await expectFitsPhone(page, { path: notice.replace('/notification-details', '/users') });
    }
    await context.close();
  });
});

test('a wide table scrolls inside its own region, which the keyboard reaches, and passes axe', async ({
  page,
}) => {
  await gotoHydrated(page, '/sla');
  const region = page.getByRole('region', { name: 'Support SLA table' });
  const sizes = await region.evaluate((element) => ({
    client: element.clientWidth,
    scroll: element.scrollWidth,
  }));
  // The table is wider than the phone: it scrolls inside the region while the page stays put.
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
});
