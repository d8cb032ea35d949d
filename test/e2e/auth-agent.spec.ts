import { expect, test } from '@playwright/test';
import { LOGIN_MESSAGES } from '../../src/common/auth-messages';
import {
  enterOneTimeCode,
  header,
  openAgentLogin,
  signInWithPassword,
  storedProfile,
  userMenuButton,
} from './support/auth';
import { accounts } from './support/accounts';
import { gotoHydrated } from './support/pages';
import { portalConfig } from './support/portal-config';

test.describe('agent sign-in', () => {
  test('an agent signs in with the credential form; the role shows in the user menu', async ({ page }) => {
    await signInWithPassword(page, accounts.agent);
    await userMenuButton(page, accounts.agent.name).click();
    await expect(header(page).getByText('Role: Agent')).toBeVisible();
    expect(await storedProfile(page)).toMatchObject({
      signState: 'signedIn',
      userType: 'agent',
      role: 'agent',
    });

    // Spec section 6: Ticket Creation is for customers only.
    const ticketCreation = portalConfig.menus.support.find((item) => item.show === 'customers');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Support', exact: true })
      .click();
    await expect(page.getByRole('link', { name: 'SLA', exact: true })).toBeVisible();
    await expect(
      page.getByRole('link', { name: ticketCreation?.label ?? 'missing', exact: true }),
    ).toHaveCount(0);
  });

  test('an admin signs in with the credential form; the user menu says Admin', async ({ page }) => {
    await signInWithPassword(page, accounts.admin);
    await userMenuButton(page, accounts.admin.name).click();
    await expect(header(page).getByText('Role: Admin')).toBeVisible();
    expect(await storedProfile(page)).toMatchObject({ role: 'admin', userType: 'agent' });
  });

  test('empty fields are flagged; a refused sign-in marks both fields invalid', async ({ page }) => {
    let calls = 0;
    page.on('request', (req) => {
      if (req.url().includes('/api/zendesk/authenticate')) calls += 1;
    });
    await gotoHydrated(page, '/');
    const dialog = await openAgentLogin(page);
    await expect(dialog.getByText('This portal is for internal use only.')).toBeVisible();
    const user = dialog.getByLabel('User');
    const password = dialog.getByLabel('Password');

    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(user).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Enter your user name.')).toBeVisible();
    await expect(dialog.getByText('Enter your password.')).toBeVisible();
    expect(calls).toBe(0);

    await user.fill(accounts.agent.email);
    await password.fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(LOGIN_MESSAGES.otherFailure);
    await expect(user).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(user).toHaveValue(accounts.agent.email);
    expect(calls).toBe(1);
    expect(await storedProfile(page)).toBeNull();
  });

  test('through the popup of the corporate identity provider, then the help desk and the ticketing system', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const dialog = await openAgentLogin(page);
    const sso = dialog.getByRole('button', { name: `Sign in with ${portalConfig.product.name} SSO` });
    await expect(sso).toBeVisible();

    const popupOpened = page.waitForEvent('popup');
    await sso.click();
    const popup = await popupOpened;
    // The test identity provider's own sign-in page (consent is implied for this first-party client).
    await expect(popup.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await popup.getByLabel('Email').fill(accounts.agent.email);
    const since = Date.now();
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
    await closed;

    // The opener stored the profile and went on to the help desk's authorization (a code to the agent's mail).
    await enterOneTimeCode(page, accounts.agent.email, since);
    await expect(page).toHaveURL('/');
    await expect(userMenuButton(page, accounts.agent.name)).toBeVisible();
    expect(await storedProfile(page)).toMatchObject({ userType: 'agent', userEmail: accounts.agent.email });
  });

  test('a refused identity provider answer shows the error page in the callback', async ({ page }) => {
    await gotoHydrated(page, '/login/callback?error=access_denied&state=whatever');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign-in could not be completed' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start again' })).toBeVisible();
  });

  test('a refused ticketing system code on /code shows the error page', async ({ page }) => {
    await gotoHydrated(page, '/code?error=access_denied');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign-in could not be completed' }),
    ).toBeVisible();
  });
});
