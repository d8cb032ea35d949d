import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { header, openCustomerLogin, userMenuButton } from '../e2e/support/auth';
import { gotoHydrated } from '../e2e/support/pages';
import type { FakeZendeskUser } from '../fakes/zendesk/users';
import { vendorFakes, vendorPortal } from './support/vendor-portal';
import { control, fakeLog } from './support/vendor-sign-in';

/**
 * Customers against the Zendesk fake: sign-in goes through Zendesk's authorization page (the fake's Email
 * field, then Allow or Deny) with PKCE, and signup creates the end user in Zendesk.
 */
const { zendesk } = vendorFakes;

/** Customer Login with `email`, Next: the browser lands on the Zendesk fake's authorization page. */
async function toZendeskAuthorization(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, '/');
  const dialog = await openCustomerLogin(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`^${zendesk.url}/oauth/authorizations/new\\?`));
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${vendorPortal.baseURL}/zendeskAuth`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  await expect(page.getByRole('heading', { name: 'Sign in to the fake Zendesk' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
}

test('a customer signs in through Zendesk: Allow, home signed in, the token request carried the PKCE verifier', async ({
  page,
}) => {
  const { customer } = vendorPortal;
  await control(zendesk.url, 'log', 'DELETE');
  await toZendeskAuthorization(page, customer.email);
  const challenge = new URL(page.url()).searchParams.get('code_challenge');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(`${vendorPortal.baseURL}/`);
  const menu = userMenuButton(page, customer.name);
  await expect(menu).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Customer Login' })).toHaveCount(0);
  await menu.click();
  await expect(header(page).getByText('Role: Customer')).toBeVisible();

  // The code was exchanged by the portal's server with the verifier of the challenge the page carried.
  const tokenRequests = (await fakeLog(zendesk.url)).filter(
    (entry) => entry.outcome.route === 'token' && entry.outcome.grant === 'authorization_code',
  );
  expect(tokenRequests).toHaveLength(1);
  const body = JSON.parse(tokenRequests[0]?.body ?? '{}') as Record<string, string>;
  expect(body.code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
  expect(
    createHash('sha256')
      .update(body.code_verifier ?? '')
      .digest('base64url'),
  ).toBe(challenge);
  expect(body.redirect_uri).toBe(`${vendorPortal.baseURL}/zendeskAuth`);
  expect(tokenRequests[0]?.status).toBe(200);
});

test('Deny at Zendesk shows the refusal and starts again at Customer Login', async ({ page }) => {
  await toZendeskAuthorization(page, vendorPortal.customer.email);
  await page.getByRole('button', { name: 'Deny' }).click();

  await expect(page).toHaveURL(new RegExp(`^${vendorPortal.baseURL}/zendeskAuth\\?error=access_denied`));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in could not be completed' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).not.toBeEmpty();
  await expect(header(page).getByRole('link', { name: 'Customer Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(page).toHaveURL(`${vendorPortal.baseURL}/`);
  await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
});

test('signup creates the end user in Zendesk, with the provided id in its user field', async ({ page }) => {
  const id = randomUUID().slice(0, 8);
  const customer = { name: `Vendor Signup ${id}`, email: `vendor-signup-${id}@example.com` };
  await gotoHydrated(page, '/');
  const login = await openCustomerLogin(page);
  await login.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Name').fill(customer.name);
  await dialog.getByLabel('Email').fill(customer.email);
  await dialog.getByLabel('Controller ID or Customer ID').fill(vendorPortal.customer.providedId);
  await dialog.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign Up Successful' })).toBeVisible();

  const users = async () =>
    ((await control(zendesk.url, 'users', 'GET')) as { users: FakeZendeskUser[] }).users;
  await expect
    .poll(async () => (await users()).find((user) => user.email === customer.email))
    .toMatchObject({
      name: customer.name,
      role: 'end-user',
    });
  const created = (await users()).find((user) => user.email === customer.email);
  expect(Object.values(created?.user_fields ?? {})).toContain(vendorPortal.customer.providedId);
  // Created by the portal's own call, not by the authorization page's first visit.
  const creates = (await fakeLog(zendesk.url)).filter(
    (entry) => entry.outcome.route === 'users_create' && (entry.body ?? '').includes(customer.email),
  );
  expect(creates.map((entry) => entry.status)).toContain(201);
});
