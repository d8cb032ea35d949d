import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { SIGNUP_MESSAGES } from '../../src/common/auth-messages';
import { enterOneTimeCode, openCustomerLogin, userMenuButton } from './support/auth';
import { accounts } from './support/accounts';

async function openSignup(page: Page) {
  await page.goto('/');
  const login = await openCustomerLogin(page);
  await login.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('signup', () => {
  test('a new customer signs up, sees Sign Up Successful, and logs in with the one-time code', async ({
    page,
  }) => {
    const id = randomUUID().slice(0, 8);
    const customer = { name: `New Customer ${id}`, email: `signup-${id}@example.com` };
    const dialog = await openSignup(page);
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await dialog.getByLabel('Name').fill(customer.name);
    await dialog.getByLabel('Email').fill(customer.email);
    // Required since Oct 15, 2025 (config banner.idRequiredFrom): on screen from the start.
    await dialog.getByLabel('Controller ID or Customer ID').fill(accounts.customer.providedId);
    await dialog.getByRole('button', { name: 'Signup' }).click();

    const success = page.getByRole('dialog', { name: 'Sign Up Successful' });
    await expect(success).toBeVisible();
    await expect(success).toContainText(customer.email);
    await success.getByRole('button', { name: 'Login' }).click();

    const login = page.getByRole('dialog', { name: 'Customer Login' });
    await expect(login.getByLabel('Email')).toHaveValue(customer.email);
    const since = Date.now();
    await login.getByRole('button', { name: 'Next' }).click();
    await enterOneTimeCode(page, customer.email, since);
    await expect(userMenuButton(page, customer.name)).toBeVisible();
  });

  test('closing Sign Up Successful resets the fields', async ({ page }) => {
    const id = randomUUID().slice(0, 8);
    const dialog = await openSignup(page);
    await dialog.getByLabel('Name').fill(`Closer ${id}`);
    await dialog.getByLabel('Email').fill(`closer-${id}@example.com`);
    await dialog.getByLabel('Controller ID or Customer ID').fill(accounts.customer.providedId);
    await dialog.getByRole('button', { name: 'Signup' }).click();
    const success = page.getByRole('dialog', { name: 'Sign Up Successful' });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: 'Close' }).click();
    await expect(success).toBeHidden();

    const again = await openSignup(page);
    await expect(again.getByLabel('Name')).toHaveValue('');
    await expect(again.getByLabel('Email')).toHaveValue('');
    await expect(again.getByLabel('Controller ID or Customer ID')).toHaveValue('');
  });

  test('empty name, email and ID are flagged before any call', async ({ page }) => {
    let calls = 0;
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/signup')) calls += 1;
    });
    const dialog = await openSignup(page);
    await dialog.getByRole('button', { name: 'Signup' }).click();
    for (const label of ['Name', 'Email', 'Controller ID or Customer ID']) {
      await expect(dialog.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(dialog.getByLabel('Name')).toBeFocused();
    expect(calls).toBe(0);
  });

  test('an address that exists already gets the message of spec section 8, and nothing typed is lost', async ({
    page,
  }) => {
    const dialog = await openSignup(page);
    await dialog.getByLabel('Name').fill('Casey Again');
    await dialog.getByLabel('Email').fill(accounts.customer.email);
    await dialog.getByLabel('Controller ID or Customer ID').fill(accounts.customer.providedId);
    await dialog.getByRole('button', { name: 'Signup' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(SIGNUP_MESSAGES.emailExists);
    await expect(dialog.getByLabel('Name')).toHaveValue('Casey Again');
    await expect(dialog.getByLabel('Email')).toHaveValue(accounts.customer.email);

    // The modal offers the way back to the login, keeping the address.
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Customer Login' }).getByLabel('Email')).toHaveValue(
      accounts.customer.email,
    );
  });

  test('an ID of another company gets the INVALID_EMAIL_ID message; a malformed one the "not valid" one', async ({
    page,
  }) => {
    const id = randomUUID().slice(0, 8);
    const dialog = await openSignup(page);
    await dialog.getByLabel('Name').fill(`Mismatch ${id}`);
    await dialog.getByLabel('Email').fill(`mismatch-${id}@example.com`);
    const idField = dialog.getByLabel('Controller ID or Customer ID');
    await idField.fill(accounts.otherCompanyId);
    await dialog.getByRole('button', { name: 'Signup' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(SIGNUP_MESSAGES.invalidEmailId);

    await idField.fill('nonsense');
    await dialog.getByRole('button', { name: 'Signup' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(SIGNUP_MESSAGES.otherNon200);
  });
});
