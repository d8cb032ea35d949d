import { expect, test } from '@playwright/test';
import { LOGIN_MESSAGES } from '../../src/common/auth-messages';
import { enterOneTimeCode, logoutFromMenu, openCustomerLogin, userMenuButton } from './support/auth';
import { accounts } from './support/accounts';

/**
 * The legacy customer (no ID on file) is asked for the ID once: after giving it, the next login does not ask.
 * The answer is stored in the database, so this can happen once per database (every `playwright test` run starts
 * the portal on a fresh one): one self-contained test, and nothing else signs in as this user.
 */
test('the legacy customer is asked for the Controller ID or Customer ID once', async ({
  page,
  request,
  baseURL,
}) => {
  // Two sign-ins with a one-time code each, and no second chance: a retry finds the ID already on file.
  test.slow();
  const probe = await request.post('/api/auth/login', {
    data: { email: accounts.legacy.email },
    headers: { origin: baseURL ?? '' },
  });
  expect(
    probe.status(),
    'the legacy customer already has an ID on file: this spec needs the fresh database of a new run',
  ).toBe(400);

  await page.goto('/');
  const dialog = await openCustomerLogin(page);
  const email = dialog.getByLabel('Email');
  await email.fill(accounts.legacy.email);
  await dialog.getByRole('button', { name: 'Next' }).click();

  // The server asks: the ID field appears, focused, and the button reads Login.
  const idField = dialog.getByLabel('Controller ID or Customer ID');
  await expect(idField).toBeVisible();
  await expect(idField).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCount(0);

  // Empty: flagged before any call.
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(idField).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Enter your Controller ID or Customer ID.')).toBeVisible();

  // Malformed: the message of spec section 8; nothing typed is lost.
  await idField.fill('NOT-AN-ID');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(LOGIN_MESSAGES.invalidControllerId);
  await expect(email).toHaveValue(accounts.legacy.email);
  await expect(idField).toHaveValue('NOT-AN-ID');

  // Well-formed but unknown, then one of another company's domain.
  await idField.fill('CUST-0000009999');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(LOGIN_MESSAGES.idNotFound);
  await idField.fill(accounts.otherCompanyId);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(LOGIN_MESSAGES.invalidEmailId);

  await idField.fill(accounts.legacy.providedId);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Login' }).click();
  await enterOneTimeCode(page, accounts.legacy.email, since);
  await expect(userMenuButton(page, accounts.legacy.name)).toBeVisible();
  await logoutFromMenu(page, accounts.legacy.name);

  // Second login: the ID is on file, so the email alone goes on to the code.
  const again = await openCustomerLogin(page);
  await again.getByLabel('Email').fill(accounts.legacy.email);
  const secondSince = Date.now();
  await again.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/helpdesk\/authorize\?/);
  await enterOneTimeCode(page, accounts.legacy.email, secondSince);
  await expect(userMenuButton(page, accounts.legacy.name)).toBeVisible();
});
