import { expect, test } from '@playwright/test';
import {
  createCustomer,
  enterOneTimeCode,
  header,
  logoutFromMenu,
  readOneTimeCode,
  SESSION_STORAGE_KEY,
  signInCustomer,
  signInWithPassword,
  storedProfile,
  submitAgentCredentials,
  userMenuButton,
} from './support/auth';
import { accounts } from './support/accounts';
import { gotoHydrated } from './support/pages';

const JWT_SHAPE = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;

test.describe('session', () => {
  test('logout in one tab ends the session in the other, which leaves its protected page', async ({
    context,
    page,
    request,
    baseURL,
  }) => {
    const customer = await createCustomer(request, baseURL ?? '');
    await signInCustomer(page, customer);
    const other = await context.newPage();
    await gotoHydrated(other, '/chatbot');
    await expect(other.getByRole('heading', { level: 1, name: 'Chat assistant' })).toBeVisible();
    await expect(other.getByText(`Hello, ${customer.name}.`)).toBeVisible();

    await logoutFromMenu(page, customer.name);
    await expect(page).toHaveURL('/');

    // The other tab follows through the storage event: signed out, and away from the protected page.
    await expect(other).toHaveURL('/');
    await expect(header(other).getByRole('link', { name: 'Customer Login' })).toBeVisible();
    await expect(userMenuButton(other, customer.name)).toHaveCount(0);
    // A sign-out is not a new visit to a protected page: nothing stored, no login modal.
    await expect(other.getByRole('dialog')).toHaveCount(0);
    expect(await storedProfile(other)).toBeNull();
    // And the server session is gone.
    const me = await page.request.get('/api/zendesk/me');
    expect(me.status()).toBe(401);
  });

  test('a protected link opened while signed out is stored, login opens, and it reopens after sign-in', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createCustomer(request, baseURL ?? '');
    await gotoHydrated(page, '/chatbot?topic=billing');
    await expect(page).toHaveURL('/');
    const dialog = page.getByRole('dialog', { name: 'Customer Login' });
    await expect(dialog).toBeVisible();
    expect(await storedProfile(page)).toMatchObject({
      signState: 'signedOut',
      redirectLink: '/chatbot?topic=billing',
    });

    await dialog.getByLabel('Email').fill(customer.email);
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await enterOneTimeCode(page, customer.email, since);

    await expect(page).toHaveURL('/chatbot?topic=billing');
    await expect(page.getByText(`Hello, ${customer.name}.`)).toBeVisible();
    expect(await storedProfile(page)).toMatchObject({ signState: 'signedIn', redirectLink: null });

    // Cleared: going home again stays home.
    await gotoHydrated(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: /Support$/ })).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('the pages that need a user id send a signed-out visitor to sign-in and open for a signed-in one', async ({
    page,
  }) => {
    for (const path of ['/support-notices', '/users', '/notifications', '/notification-details']) {
      await gotoHydrated(page, path);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
      expect(await storedProfile(page)).toMatchObject({ redirectLink: path });
    }
    await page.evaluate((key) => window.localStorage.removeItem(key), SESSION_STORAGE_KEY);
    await signInWithPassword(page, accounts.admin);
    await gotoHydrated(page, '/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page).toHaveURL('/notifications');
  });

  for (const evil of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
    test(`a stored redirect link to another origin (${evil}) is refused and cleared`, async ({ page }) => {
      await page.route('**://evil.example/**', (route) => route.fulfill({ status: 200, body: 'evil' }));
      await signInWithPassword(page, accounts.agent);
      await page.evaluate(
        ({ key, link }) => {
          const profile = JSON.parse(window.localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
          window.localStorage.setItem(key, JSON.stringify({ ...profile, redirectLink: link }));
        },
        { key: SESSION_STORAGE_KEY, link: evil },
      );
      await gotoHydrated(page, '/');
      await expect.poll(async () => (await storedProfile(page))?.redirectLink).toBeNull();
      await expect(page).toHaveURL('/');
      await expect(userMenuButton(page, accounts.agent.name)).toBeVisible();
    });
  }

  test('a 401 {event: logout} from /api/zendesk/me logs the customer out (the server session is gone)', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createCustomer(request, baseURL ?? '');
    await signInCustomer(page, customer);
    // End the session on the server with the browser's own cookie, as an expiry would.
    const logout = await page.request.post('/api/aggregator/logoutCustomer', {
      headers: { origin: baseURL ?? '' },
    });
    expect(logout.status()).toBe(200);

    let logoutCalls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/aggregator/logoutCustomer')) logoutCalls += 1;
    });
    await gotoHydrated(page, '/sla');
    await expect(header(page).getByRole('link', { name: 'Customer Login' })).toBeVisible();
    await expect(page).toHaveURL('/');
    expect(await storedProfile(page)).toBeNull();
    expect(logoutCalls).toBe(1);
  });

  test('a 401 {event: logout} from /api/zendesk/me sends an agent through /logoutAgent', async ({ page }) => {
    await signInWithPassword(page, accounts.agent);
    await page.route('**/api/zendesk/me', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Unauthorized', message: 'Your session has ended.', event: 'logout' }),
      }),
    );
    const logoutAgent = page.waitForRequest('**/api/azureAD/logoutAzureAD');
    await gotoHydrated(page, '/sla');
    await logoutAgent;
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Agent Login' })).toBeVisible();
    expect(await storedProfile(page)).toBeNull();
  });

  test('no token in localStorage or sessionStorage: no JWT, no session id', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const customer = await createCustomer(request, baseURL ?? '');
    await signInCustomer(page, customer);
    // The chat JWT does exist (in memory and in the API's answers), so the scan has something to miss.
    const me = await page.request.get('/api/zendesk/me');
    const { intercom_user_jwt: jwt } = (await me.json()) as { intercom_user_jwt: string };
    expect(jwt).toMatch(JWT_SHAPE);

    const cookies = await context.cookies();
    const secrets = cookies.filter((cookie) => cookie.httpOnly).map((cookie) => cookie.value);
    expect(secrets.length).toBeGreaterThan(0);

    for (const path of ['/', '/chatbot', '/sla']) {
      await gotoHydrated(page, path);
      const stored = await page.evaluate(() => {
        const values: string[] = [];
        for (const storage of [window.localStorage, window.sessionStorage]) {
          for (let i = 0; i < storage.length; i++) {
            const key = storage.key(i) ?? '';
            values.push(key, storage.getItem(key) ?? '');
          }
        }
        return values;
      });
      for (const value of stored) {
        expect(value).not.toMatch(JWT_SHAPE);
        for (const secret of secrets) expect(value).not.toContain(secret);
      }
      expect(stored.join(' ')).toContain(customer.email);
    }
    // Not readable by scripts either.
    const documentCookies = await page.evaluate(() => document.cookie);
    for (const secret of secrets) expect(documentCookies).not.toContain(secret);
  });

  test('keyboard only: customer sign-in from the header to the signed-in home page', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createCustomer(request, baseURL ?? '');
    // The Tab order of the running app: the login dialog's focus trap is the app's.
    await gotoHydrated(page, '/');
    const loginButton = header(page).getByRole('link', { name: 'Customer Login' });
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await loginButton.evaluate((button) => button === document.activeElement)) break;
    }
    await expect(loginButton).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Customer Login' });
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(customer.email);
    const since = Date.now();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/helpdesk\/authorize\?/);
    const codeInput = page.getByLabel('One-time code');
    await expect(codeInput).toBeFocused();
    await page.keyboard.type(await readOneTimeCode(customer.email, since));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/');

    const menu = userMenuButton(page, customer.name);
    await expect(menu).toBeVisible();
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(loginButton).toBeVisible();
  });

  test('keyboard only: the modal traps focus and Escape closes it, returning focus to its button', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const loginButton = header(page).getByRole('link', { name: 'Agent Login' });
    await loginButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Agent Login' });
    await expect(dialog.getByLabel('User')).toBeFocused();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(loginButton).toBeFocused();
  });

  test('/chatbot shows a neutral status in the server HTML (the server does not know the visitor)', async ({
    request,
  }) => {
    const html = await (await request.get('/chatbot')).text();
    expect(html).toContain('Chat assistant');
    expect(html).toContain('Checking your sign-in');
  });
});

test.describe('signed in on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the mobile menu shows the account and logs out', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Agent Login' }).click();
    await expect(menu).toBeHidden();
    await submitAgentCredentials(page, page.getByRole('dialog', { name: 'Agent Login' }), accounts.admin);
    expect(await storedProfile(page)).toMatchObject({ signState: 'signedIn', role: 'admin' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const account = menu.getByRole('region', { name: 'Your account' });
    await expect(account).toContainText(`${accounts.admin.name} (Admin)`);
    await expect(menu.getByRole('link', { name: 'Customer Login' })).toHaveCount(0);
    await account.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect.poll(async () => storedProfile(page)).toBeNull();
  });
});

test('an in-app navigation to a server redirect (/zendeskInitAuth) asks the server', async ({ page }) => {
  await gotoHydrated(page, '/sla');
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/zendeskInitAuth');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/zendeskInitAuth');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await asked;
  // Nothing to continue (no login started): the server sends the browser home.
  await expect(page).toHaveURL('/');
});
