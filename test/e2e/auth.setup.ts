import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as setup } from '@playwright/test';
import { createCustomer } from './support/auth';
import { accounts } from './support/accounts';
import { saveSignedIn, signInStaff, signInThroughHelpdesk } from './support/sign-in-api';
import { AUTH_STATE } from './support/signed-in';

/**
 * Signs in once per role through the API, the calls the UI makes, and saves the browser state for the specs
 * that need a signed-in user but are not about signing in.
 */

mkdirSync(path.dirname(AUTH_STATE.customer), { recursive: true });

setup('a customer of its own, signed in through the help desk', async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  const customer = await createCustomer(page.request, origin);
  await signInThroughHelpdesk(page.request, customer.email, origin);
  await saveSignedIn(page, AUTH_STATE.customer, customer.name);
});

setup(
  "the run's customer without download permission, signed in through the help desk",
  async ({ page, baseURL }) => {
    const account = accounts.customerWithoutDownloads;
    await signInThroughHelpdesk(page.request, account.email, baseURL ?? '');
    await saveSignedIn(page, AUTH_STATE.customerWithoutDownloads, account.name);
  },
);

for (const role of ['agent', 'admin'] as const) {
  setup(
    `the run's ${role}, signed in with the credential form's call and the tracker authorized`,
    async ({ page, baseURL }) => {
      const account = accounts[role];
      await signInStaff(page, account, baseURL ?? '');
      await saveSignedIn(page, AUTH_STATE[role], account.name);
    },
  );
}
