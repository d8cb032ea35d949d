import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshotPortal, type ScreenshotRole } from '../support/screenshot-portal';

/**
 * What every page looks like, signed out and in each role, in its empty, filled and error states, at a
 * desktop's 1280 px and a phone's 375 px, compared with committed pictures (baselines/). axe and the
 * functional tests pass on a page whose button has lost its label colour or whose radios lost their
 * stylesheet; a picture does not. After an intended change of the look, update the pictures as the README
 * says (Tests, Screenshots) and look at every changed one before committing it.
 */

interface Shot {
  /** The picture's name: page and state. */
  name: string;
  path: string;
  /** Visible once the page has what it shows. */
  ready: (page: Page) => Locator;
  /** What the user does before the picture (submit an empty form, open a dialog). */
  act?: (page: Page) => Promise<void>;
}

const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 375, height: 812 } },
] as const;

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Days either side of today whose dates count as moving: the demo data is dated from the seeding's clock. */
const MOVING_DAYS = 60;

/**
 * Text that moves with the clock: an age ('5 minutes ago'), a due time ('Due in 21 h 28 min'), and any date near
 * today: the demo tickets are dated hours and days before the portal started, and the run itself makes notices.
 * The fixed dates of the demo data lie further away.
 */
function movingText(): RegExp {
  const now = Date.now();
  const days: string[] = [];
  for (let offset = -MOVING_DAYS; offset <= MOVING_DAYS; offset++) {
    const day = new Date(now + offset * 86_400_000);
    days.push(
      `${MONTHS[day.getUTCMonth()]} ${String(day.getUTCDate()).padStart(2, '0')} ${day.getUTCFullYear()}`,
    );
  }
  return new RegExp(
    [
      String.raw`\b\d+ (second|minute|hour|day|week|month|year)s? ago\b`,
      String.raw`\bjust now\b`,
      String.raw`\b(Due in|Due soon: in|Overdue by) [^.,;)]*`,
      `(${days.join('|')})(, \\d\\d:\\d\\d( UTC)?)?`,
    ].join('|'),
    'g',
  );
}

/**
 * Writes a fixed word over the moving text, so that the picture keeps the layout of the page (a masked box
 * would change width with '2 minutes' against '12 minutes').
 */
async function steadyClockText(page: Page) {
  await page.evaluate((source) => {
    const moving = new RegExp(source, 'g');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (text.match(moving)) node.textContent = text.replace(moving, '(time)');
    }
  }, movingText().source);
}

/** Generous: a picture is about the settled page, and on a loaded machine a page may take long to settle. */
const SETTLE = { timeout: 30_000 };

async function settle(page: Page, shot: Shot) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', SETTLE);
  await expect(shot.ready(page)).toBeVisible(SETTLE);
  if (shot.act) await shot.act(page);
  // Loaders gone, fonts in: the picture shows the page as a user sees it once it has settled.
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, SETTLE);
  await page.evaluate(() => document.fonts.ready);
  await steadyClockText(page);
}

/** Opens a sign-in dialog from the header, or on a phone from the menu, and waits until the menu has closed. */
async function openLogin(page: Page, name: 'Customer Login' | 'Agent Login'): Promise<Locator> {
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (await openMenu.isVisible()) await openMenu.click();
  await page.getByRole('link', { name }).filter({ visible: true }).first().click();
  // The menu closes as the login opens: the picture is taken once its closing is over.
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

function pictures(role: ScreenshotRole | 'signed-out', shots: Shot[]) {
  test.describe(role, () => {
    if (role !== 'signed-out') test.use({ storageState: screenshotPortal.state[role] });
    for (const width of WIDTHS) {
      for (const shot of shots) {
        test(`${shot.name}, ${width.label}`, async ({ page }) => {
          await page.setViewportSize(width.viewport);
          await page.goto(shot.path);
          await settle(page, shot);
          await expect(page).toHaveScreenshot(`${role}-${shot.name}-${width.label}.png`, { fullPage: true });
        });
      }
    }
  });
}

pictures('signed-out', [
  { name: 'home', path: '/', ready: heading(/support/i) },
  {
    name: 'search',
    path: '/search?q=gateway+unreachable',
    ready: (page) => page.getByRole('link', { name: /gateway/i }).first(),
  },
  {
    name: 'search-no-results',
    path: '/search?q=xyzzyplugh',
    ready: (page) => page.getByText(/0 results found/),
  },
  { name: 'docs', path: '/docs', ready: heading(/tech hub/i) },
  {
    name: 'docs-section',
    path: '/docs?section=firewall',
    ready: (page) => page.getByRole('main').getByRole('link').first(),
  },
  {
    name: 'docs-article',
    path: '/docs?article=gateway-unreachable',
    ready: (page) => page.getByRole('heading', { name: /unreachable/i }).first(),
  },
  { name: 'sla', path: '/sla', ready: (page) => page.getByRole('table').first() },
  { name: 'eol-policy', path: '/Acme-EOL-Policy', ready: heading(/end of life/i) },
  { name: 'chatbot-policy', path: '/Acme-Chatbot-Policy', ready: heading(/chatbot/i) },
  { name: 'service-descriptions', path: '/service-descriptions', ready: heading(/service descriptions/i) },
  {
    // The headless shell has no PDF viewer: the page offers the PDF in the frame's place, as on a phone.
    name: 'service-document',
    path: '/support-services/software-support-services.pdf',
    ready: (page) => page.getByRole('main').getByRole('link', { name: 'Open the PDF' }),
  },
  { name: 'locating-id', path: '/locating-controllerid-customerid', ready: heading(/ID/) },
  { name: 'download-process', path: '/download-process', ready: heading(/download/i) },
  { name: 'not-found', path: '/this/does-not-exist', ready: heading(/not found/i) },
  { name: 'tickets', path: '/tickets', ready: (page) => page.getByRole('dialog') },
  { name: 'downloads', path: '/downloads', ready: heading(/download/i) },
  {
    name: 'customer-login',
    path: '/',
    ready: heading(/support/i),
    act: async (page) => {
      await openLogin(page, 'Customer Login');
    },
  },
  {
    name: 'agent-login-refused',
    path: '/',
    ready: heading(/support/i),
    act: async (page) => {
      const dialog = await openLogin(page, 'Agent Login');
      await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(dialog.getByText('Enter your password.')).toBeVisible();
    },
  },
  {
    // The built-in help desk's page for the one-time code, after the email was given.
    name: 'one-time-code',
    path: '/',
    ready: heading(/support/i),
    act: async (page) => {
      const dialog = await openLogin(page, 'Customer Login');
      await dialog.getByLabel('Email').fill(screenshotPortal.customer.email);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Enter your one-time code' })).toBeVisible();
    },
  },
]);

pictures('customer', [
  { name: 'home', path: '/', ready: heading(/support/i) },
  { name: 'tickets', path: '/tickets', ready: (page) => page.getByRole('table') },
  { name: 'ticket-new', path: '/tickets/new', ready: heading(/ticket/i) },
  {
    name: 'ticket-new-refused',
    path: '/tickets/new',
    ready: heading(/ticket/i),
    act: async (page) => {
      await page.getByRole('button', { name: /create|submit/i }).click();
      await expect(page.getByText('Please fill all required fields')).toBeVisible();
    },
  },
  { name: 'ticket', path: '/tickets/1', ready: (page) => page.getByRole('heading', { level: 2 }).first() },
  {
    name: 'ticket-missing',
    path: '/tickets/999999',
    ready: (page) => page.getByRole('alert').filter({ hasText: 'There is no ticket with this number' }),
  },
  {
    name: 'notifications',
    path: '/notifications',
    ready: (page) => page.getByRole('main').getByText('Controller 8.1 maintenance window').first(),
  },
  {
    name: 'bell',
    path: '/',
    ready: heading(/support/i),
    act: async (page) => {
      await page.getByTestId('notice-bell').click();
      await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-expanded', 'true');
    },
  },
  {
    // The notice the setup had the customer read already: opening it records nothing new.
    name: 'notification-details',
    path: '/notifications',
    ready: (page) => page.getByRole('main').getByText('Controller 8.1 maintenance window').first(),
    act: async (page) => {
      await page
        .getByRole('main')
        .getByRole('link', { name: 'Upgrade gateways before 7.1 reaches end of life' })
        .click();
      await expect(page.getByText('Plan the upgrade to 8.1.')).toBeVisible();
    },
  },
  { name: 'downloads', path: '/downloads', ready: heading(/download/i) },
  {
    name: 'downloads-address',
    path: '/downloads',
    ready: heading(/download/i),
    act: async (page) => {
      await page.getByRole('button', { name: 'No', exact: true }).click();
      await expect(page.getByRole('textbox').first()).toBeVisible();
    },
  },
  { name: 'api-collection', path: '/downloads/api-collection', ready: (page) => page.getByRole('table') },
  { name: 'chatbot', path: '/chatbot', ready: (page) => page.getByRole('textbox').first() },
]);

pictures('agent', [
  { name: 'tickets', path: '/tickets', ready: (page) => page.getByRole('table') },
  { name: 'ticket', path: '/tickets/1', ready: (page) => page.getByRole('heading', { level: 2 }).first() },
  {
    name: 'ticket-canned-replies',
    path: '/tickets/1',
    ready: (page) => page.getByRole('button', { name: 'Insert canned reply' }),
    act: async (page) => {
      await page.getByRole('button', { name: 'Insert canned reply' }).click();
      await expect(
        page.getByRole('listbox', { name: 'Insert canned reply' }).getByRole('option'),
      ).toHaveCount(4);
      // The list's search box takes the focus once it opens; whether Chromium draws its focus ring then
      // changed from run to run, so this picture shows the box without it (the list is what it is for).
      await expect(page.getByPlaceholder('Search canned replies')).toBeFocused();
      await page.addStyleTag({
        content:
          '[placeholder="Search canned replies"] { outline: none !important; border-color: transparent !important; }',
      });
    },
  },
  {
    name: 'tickets-no-match',
    path: '/tickets?q=qwxzv-no-such-ticket',
    ready: (page) => page.getByText('No tickets found: none matches these filters.'),
  },
  {
    name: 'search',
    path: '/search?q=tunnel',
    ready: (page) => page.getByRole('link', { name: /tunnel/i }).first(),
  },
]);

pictures('admin', [
  {
    name: 'canned-replies',
    path: '/admin/canned-replies',
    ready: (page) => page.getByRole('list', { name: 'Canned replies' }),
  },
  {
    name: 'canned-replies-refused',
    path: '/admin/canned-replies',
    ready: (page) => page.getByRole('list', { name: 'Canned replies' }),
    act: async (page) => {
      await page.getByRole('button', { name: 'New canned reply' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('Write a title: agents find the reply by it.')).toBeVisible();
    },
  },
  { name: 'support-notices', path: '/support-notices', ready: (page) => page.getByRole('table') },
  { name: 'support-notices-deleted', path: '/support-notices?view=deleted', ready: heading(/notices/i) },
  {
    name: 'admin-menu',
    path: '/',
    ready: heading(/support/i),
    act: async (page) => {
      const menu = page
        .getByRole('button', { name: 'Admin', exact: true })
        .or(page.getByRole('button', { name: 'Open menu' }));
      await menu.first().click();
      await expect(page.getByRole('link', { name: /download records/i }).first()).toBeVisible();
    },
  },
  { name: 'users', path: '/users', ready: heading(/./) },
  {
    name: 'readers',
    path: '/support-notices',
    ready: (page) => page.getByRole('table'),
    act: async (page) => {
      await page.getByRole('link', { name: /^1 reader of the notice: Upgrade gateways/ }).click();
      await expect(page.getByRole('main').getByText('Casey Customer')).toBeVisible();
    },
  },
  { name: 'content-sync', path: '/admin/content-sync', ready: heading(/content sync/i) },
  { name: 'download-records', path: '/admin/download-records', ready: heading(/download records/i) },
  { name: 'search-analytics', path: '/admin/search-analytics', ready: heading(/search analytics/i) },
]);
