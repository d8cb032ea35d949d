import { expect, test, type Browser, type Page } from '@playwright/test';
import { CHAT_UPDATE_DELAY_MS } from '../../src/common/chat';
import { apiPaths } from '../../src/common/api-paths';
import { AUTH_STATE, type SignedInRole } from './support/signed-in';
import { layoutShiftAfterLoad, recordShifts } from './support/layout-shift';

/**
 * A signed-in page is painted as it will stay: the server knows the session from the cookie and renders the
 * page itself, so nothing moves while the browser takes the session over (layout shift at most 0.1, as
 * Lighthouse's CLS target). And the render that names a user is theirs alone: the page cache never gives it
 * to a visitor without a session.
 */

async function pageAs(browser: Browser, baseURL: string | undefined, role?: SignedInRole) {
  const context = await browser.newContext({
    ...(role ? { storageState: AUTH_STATE[role] } : {}),
    baseURL,
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  await recordShifts(page);
  return { context, page };
}

const SIGNED_IN_PAGES: { role: SignedInRole; path: string; shows: (page: Page) => Promise<void> }[] = [
  {
    role: 'customer',
    path: '/tickets/new',
    shows: (page) => expect(page.getByLabel('Subject')).toBeVisible(),
  },
  {
    role: 'customer',
    path: '/tickets',
    shows: (page) => expect(page.getByRole('heading', { name: 'Ticket Portal', level: 1 })).toBeVisible(),
  },
  {
    role: 'customer',
    path: '/notifications',
    shows: (page) => expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible(),
  },
  {
    role: 'customer',
    path: '/downloads',
    shows: (page) => expect(page.getByRole('heading', { name: 'Deployment country' })).toBeVisible(),
  },
  {
    role: 'agent',
    path: '/tickets',
    shows: (page) => expect(page.getByRole('heading', { name: 'Ticket Portal', level: 1 })).toBeVisible(),
  },
  {
    // The chat opens after its delay in the frame the server drew.
    role: 'customer',
    path: '/chatbot',
    shows: (page) =>
      expect(page.getByRole('textbox', { name: 'Ask a question' })).toBeVisible({
        timeout: CHAT_UPDATE_DELAY_MS + 10_000,
      }),
  },
  {
    role: 'customer',
    path: '/downloads/api-collection',
    shows: (page) => expect(page.getByRole('table', { name: 'Postman collections' })).toBeVisible(),
  },
  {
    role: 'admin',
    path: '/admin/search-analytics',
    shows: (page) => expect(page.getByRole('heading', { name: 'Top queries' })).toBeVisible(),
  },
  {
    // A search that found nothing: the popular articles come with the page, above the next steps' buttons.
    role: 'customer',
    path: '/search?q=xyzzyplugh',
    shows: (page) => expect(page.getByRole('list', { name: 'Popular articles' })).toBeVisible(),
  },
  {
    role: 'admin',
    path: '/support-notices',
    shows: (page) => expect(page.getByRole('button', { name: /create/i }).first()).toBeVisible(),
  },
];

for (const { role, path, shows } of SIGNED_IN_PAGES) {
  test(`${path} signed in as ${role} does not shift while the session is taken over`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await pageAs(browser, baseURL, role);
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    expect(html, 'the server rendered the page, not the neutral status').not.toContain(
      'Checking your sign-in',
    );
    await shows(page);
    expect(await layoutShiftAfterLoad(page)).toBeLessThanOrEqual(0.1);
    await context.close();
  });
}

test('the server render of Ticket Creation holds the form for a customer', async ({ browser, baseURL }) => {
  const { context, page } = await pageAs(browser, baseURL, 'customer');
  const html = await (await page.request.get('/tickets/new')).text();
  expect(html).toContain('Subject');
  expect(html).toContain('Priority');
  await context.close();
});

test('a members-only page opened signed out goes home without moving what was painted', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await pageAs(browser, baseURL);
  await page.goto('/tickets/new');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
  expect(await layoutShiftAfterLoad(page)).toBeLessThanOrEqual(0.1);
  await context.close();
});

test("a user's page is never served from the page cache to a visitor without a session", async ({
  browser,
  baseURL,
}) => {
  const signedIn = await browser.newContext({ baseURL, storageState: AUTH_STATE.customer });
  const me = (await (await signedIn.request.get(apiPaths.helpdesk.me)).json()) as {
    user: { name: string; email: string };
  };
  const customer = me.user.name;
  // Signed out first, so the shared render of each page is in the cache when the customer asks.
  const anonymous = await browser.newContext({ baseURL });
  for (const path of ['/', '/tickets/new', '/docs']) {
    const before = await anonymous.request.get(path);
    expect(await before.text()).not.toContain(customer);
  }
  for (const path of ['/', '/tickets/new', '/docs']) {
    const own = await signedIn.request.get(path);
    expect(await own.text(), `${path}: the customer's own render`).toContain(customer);
    expect(own.headers()['cache-control']).toBe('private, no-store');
    // The same address right after, without a cookie: the shared render, kept or new, never the customer's.
    const shared = await anonymous.request.get(path);
    const html = await shared.text();
    expect(html, `${path} signed out`).not.toContain(customer);
    expect(html).not.toContain(me.user.email);
    expect(shared.headers()['cache-control']).not.toContain('private');
  }
  const page = await anonymous.newPage();
  await page.goto('/tickets/new');
  await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
  await expect(page.getByText(customer)).toHaveCount(0);
  await signedIn.close();
  await anonymous.close();
});

// The server writes times with its own clock and zone ('5 minutes ago', 'Due in 2 h', a local date); a reader
// elsewhere hydrates the same page, and a differing text must not make React throw the page away.
test('a reader in another time zone hydrates the signed-in pages without an error', async ({
  browser,
  baseURL,
}) => {
  // A ticket of the customer's own, so both lists hold one.
  const customer = await browser.newContext({ storageState: AUTH_STATE.customer, baseURL });
  const opened = await customer.request.post(apiPaths.tickets.tickets, {
    headers: { origin: baseURL ?? '' },
    data: {
      subject: 'Edge offline after the upgrade',
      description: 'The edge went offline after the 8.1 upgrade.',
      priority: 'P3',
      type: 'Technical query',
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  await customer.close();
  for (const [role, paths] of [
    ['agent', ['/tickets']],
    ['customer', ['/notifications', '/tickets']],
  ] as const) {
    const context = await browser.newContext({
      storageState: AUTH_STATE[role],
      baseURL,
      timezoneId: 'Pacific/Auckland',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const visit = async (path: string) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
    };
    for (const path of paths) await visit(path);
    // A ticket of the list: its dates, due time and conversation.
    const href = await page
      .locator('a[href^="/tickets/"]:not([href="/tickets/new"])')
      .first()
      .getAttribute('href');
    expect(href, `${role}: a ticket in the list`).toBeTruthy();
    await visit(href ?? '');
    await expect(
      page.getByRole('listitem').filter({ hasText: /^Opened [A-Z][a-z]{2} \d{2} \d{4}/ }),
    ).toBeVisible();
    expect(errors, `${role}: errors while hydrating`).toEqual([]);
    await context.close();
  }
});
