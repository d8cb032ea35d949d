import { expect, test } from '@playwright/test';
import {
  createCustomer,
  openAgentLogin,
  openCustomerLogin,
  readOneTimeCode,
  signInWithPassword,
  userMenuButton,
} from './support/auth';
import { accounts } from './support/accounts';
import { collectPageErrors, expectNoAxeViolations, gotoHydrated } from './support/pages';

/** Axe on every sign-in modal and page (the modals after their opening transition). */
test.describe('sign-in accessibility', () => {
  test('customer login modal, its ID step, signup and the agent login have no axe violations', async ({
    page,
  }) => {
    // Five states, each with a full axe run of a few seconds on these 2-core machines: more than the
    // default 30 s, without anything being stuck.
    test.slow();
    const errors = collectPageErrors(page);
    await gotoHydrated(page, '/');
    const login = await openCustomerLogin(page);
    await expectNoAxeViolations(page);

    // Flagged fields too (error texts, aria-invalid).
    await login.getByRole('button', { name: 'Next' }).click();
    await expect(login.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    // The ID step (the legacy customer is asked; nothing is submitted, so it stays unanswered).
    await login.getByLabel('Email').fill(accounts.legacy.email);
    await login.getByRole('button', { name: 'Next' }).click();
    await expect(login.getByLabel('Controller ID or Customer ID')).toBeVisible();
    await expectNoAxeViolations(page);

    await login.getByRole('button', { name: 'Sign Up' }).click();
    const signup = page.getByRole('dialog', { name: 'Sign Up' });
    await expect(signup.getByLabel('Name')).toBeVisible();
    await expectNoAxeViolations(page);
    await signup.getByRole('button', { name: 'Close' }).click();
    await expect(signup).toBeHidden();

    const agent = await openAgentLogin(page);
    await expect(agent.getByLabel('User')).toBeVisible();
    await expectNoAxeViolations(page);
    await agent.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(agent.getByLabel('User')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    // The ID step is the server's 400 (CONTROLLER_ID_REQUIRED), which the browser logs as a failed resource.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });

  test('the Sign Up Successful modal has no axe violations', async ({ page }) => {
    const id = Math.random().toString(36).slice(2, 10);
    await page.goto('/');
    const login = await openCustomerLogin(page);
    await login.getByRole('button', { name: 'Sign Up' }).click();
    const signup = page.getByRole('dialog', { name: 'Sign Up' });
    await signup.getByLabel('Name').fill(`Axe ${id}`);
    await signup.getByLabel('Email').fill(`axe-${id}@example.com`);
    await signup.getByLabel('Controller ID or Customer ID').fill(accounts.customer.providedId);
    await signup.getByRole('button', { name: 'Signup' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign Up Successful' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the help desk authorization page, with a wrong code, has no axe violations', async ({
    page,
    request,
    baseURL,
  }) => {
    // Two axe runs and a mail to wait for: on a busy 2-core runner this took 27-31 s of the default 30.
    test.slow();
    const customer = await createCustomer(request, baseURL ?? '');
    const errors = collectPageErrors(page);
    await page.goto('/');
    const login = await openCustomerLogin(page);
    await login.getByLabel('Email').fill(customer.email);
    const since = Date.now();
    await login.getByRole('button', { name: 'Next' }).click();
    const code = await readOneTimeCode(customer.email, since);
    await expect(page.getByLabel('One-time code')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
    // The wrong code's 401 is logged by the browser as a failed resource; nothing else may be.
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });

  for (const path of [
    '/zendeskAuth?error=access_denied',
    '/code?error=access_denied',
    '/login/callback?error=x',
  ]) {
    test(`the sign-in error page (${path}) has no axe violations and hydrates cleanly`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await gotoHydrated(page, path);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign-in could not be completed' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
  }

  for (const path of ['/chatbot', '/support-notices', '/users', '/notifications', '/notification-details']) {
    test(`the protected page ${path} has no axe violations for a signed-in user`, async ({ page }) => {
      await signInWithPassword(page, accounts.agent);
      const errors = collectPageErrors(page);
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
  }

  test('the signed-in header and its user menu have no axe violations', async ({ page }) => {
    await signInWithPassword(page, accounts.admin);
    await userMenuButton(page, accounts.admin.name).click();
    await expectNoAxeViolations(page);
  });

  test('every new page has a title of its own and a meta description in the first HTML', async ({
    request,
  }) => {
    const titles = new Set<string>();
    const pages = [
      '/chatbot',
      '/helpdesk/authorize',
      '/zendeskAuth',
      '/code',
      '/login/callback',
      '/logoutAgent',
      '/support-notices',
      '/users',
      '/notifications',
      '/notification-details',
    ];
    for (const path of pages) {
      const html = await (await request.get(path)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title ?? '');
      expect(html, path).toMatch(/<meta name="description" content="[^"]{30,}">/);
    }
    expect(titles.size).toBe(pages.length);
  });
});
