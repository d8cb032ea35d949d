import { expect, test, type Page } from '@playwright/test';
import { header } from '../e2e/support/auth';
import { gotoHydrated } from '../e2e/support/pages';
import { portalConfig } from '../e2e/support/portal-config';
import { vendorFakes, vendorPortal } from './support/vendor-portal';
import { control, fakeLog, signInAgentThroughVendors } from './support/vendor-sign-in';

/**
 * Agents against the Entra, Zendesk and Jira fakes: the corporate popup, the help desk's authorization and
 * Atlassian's consent, then a search whose Jira group comes from the fake, and the admin app role deciding
 * who manages the support notices.
 */
const { jira, entra } = vendorFakes;
const product = portalConfig.product.name;

/** The fixture issues "Gateway failover issue 1" to 14 of the searched site (test/fakes/jira/fixtures.ts). */
const FAILOVER_ISSUES = 14;

const adminMenuButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' });

test('an agent signs in through Entra, Zendesk and Jira; the search shows the Jira group with its count', async ({
  page,
}) => {
  await signInAgentThroughVendors(page, vendorPortal.agent, product);
  await expect(
    header(page).getByRole('button', { name: vendorPortal.agent.name, exact: true }),
  ).toBeVisible();
  // A plain agent (no admin app role) manages nothing.
  await expect(adminMenuButton(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Manage Support Notices' })).toHaveCount(0);

  const since = (await fakeLog(jira.apiUrl)).length;
  await page.goto('/search?q=failover&chip=jiraIssues');
  const chips = page.getByRole('radiogroup', { name: 'Result sources' });
  await expect(chips.getByRole('radio', { name: `Jira (${FAILOVER_ISSUES})` })).toBeChecked();
  const results = page.getByRole('list', { name: 'Jira results' });
  await expect(results.getByRole('heading', { name: 'NET-1 Gateway failover issue 1' })).toBeVisible();
  await expect(
    results.getByText('Transit gateway number 1 drops BGP sessions during failover.'),
  ).toBeVisible();

  // The count is Jira's approximate count, asked within the configured scope on the configured site.
  const calls = (await fakeLog(jira.apiUrl)).slice(since);
  const counts = calls.filter((entry) => entry.path.endsWith('/rest/api/3/search/approximate-count'));
  expect(counts.length).toBeGreaterThanOrEqual(1);
  expect(counts.every((entry) => entry.status === 200)).toBe(true);
  expect(counts[0]?.path).toContain('/ex/jira/11111111-aaaa-4bbb-8ccc-000000000001/');
});

test('the admin app role makes an admin, who sees Manage Support Notices; without it, an agent', async ({
  browser,
}) => {
  const signedIn = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAgentThroughVendors(page, vendorPortal.admin, product);
    await gotoHydrated(page, '/');
    return { context, page };
  };
  const admin = await signedIn();
  await adminMenuButton(admin.page).click();
  await expect(admin.page.getByRole('link', { name: 'Manage Support Notices' })).toBeVisible();
  await admin.context.close();

  // The tenant's administrator takes the app role away: at the next sign-in the same person is an agent.
  const username = vendorPortal.admin.email;
  await control(entra.url, 'roles', 'POST', { username, roles: [] });
  try {
    const agent = await signedIn();
    await expect(header(agent.page).getByRole('button', { name: vendorPortal.admin.name })).toBeVisible();
    await expect(adminMenuButton(agent.page)).toHaveCount(0);
    await expect(agent.page.getByRole('link', { name: 'Manage Support Notices' })).toHaveCount(0);
    await agent.context.close();
  } finally {
    // The role back, and one more sign-in so that the portal's record says admin again: the other specs sign
    // the demo admin in with the credential form, which keeps the role on file.
    await control(entra.url, 'roles', 'POST', { username, roles: [entra.adminRole] });
    const restored = await signedIn();
    await expect(adminMenuButton(restored.page)).toBeVisible();
    await restored.context.close();
  }
});
