import { expect, test, type Page } from '@playwright/test';
import { apiPaths } from '../../src/common/api-paths';
import { vendorFakes, vendorPortal } from './support/vendor-portal';
import { acceptJiraConsent, control, fakeLog, signInStaffWithJira } from './support/vendor-sign-in';

/**
 * An agent's Jira grant over its life, driven through the Jira fake's controls: an access token past its hour
 * is refreshed once and the search answers; a revoked grant asks the agent to authorize again; a Jira outage
 * leaves the other groups answering within the source timeout.
 */
const { jira } = vendorFakes;

/** The fixture issue of the searched site whose summary has "VPN" (test/fakes/jira/fixtures.ts). */
const VPN_ISSUE = 'NET-100 VPN client crashes on macOS';

const chips = (page: Page) => page.getByRole('radiogroup', { name: 'Result sources' });

/**
 * The search page for `query` with the Jira group shown, until its source chips show; resolves with how long
 * that took (the server renders the page with the search's answer, so the document waits for every source).
 */
async function searchJira(page: Page, query: string): Promise<number> {
  const started = Date.now();
  await page.goto(`/search?q=${encodeURIComponent(query)}&chip=jiraIssues`);
  await expect(chips(page)).toBeVisible();
  return Date.now() - started;
}

const refreshCalls = async () =>
  ((await control(jira.authUrl, 'refresh-calls', 'GET')) as { count: number }).count;

test.beforeEach(async ({ page }) => {
  await signInStaffWithJira(page, vendorPortal.agent);
});

test.afterEach(async () => {
  await control(jira.apiUrl, 'fail', 'DELETE');
});

test('an access token past its hour is refreshed once, and the search answers', async ({ page }) => {
  await searchJira(page, 'failover');
  await expect(chips(page).getByRole('radio', { name: 'Jira (14)' })).toBeChecked();

  const before = await refreshCalls();
  const logged = (await fakeLog(jira.apiUrl)).length;
  // On the fake's clock the hour-long access token has expired; the portal's own clock has not moved.
  await control(jira.apiUrl, 'clock', 'POST', { advanceMs: 3_601_000 });
  await searchJira(page, 'VPN');
  await expect(chips(page).getByRole('radio', { name: 'Jira (1)' })).toBeChecked();
  await expect(
    page.getByRole('list', { name: 'Jira results' }).getByRole('heading', { name: VPN_ISSUE }),
  ).toBeVisible();
  expect(await refreshCalls()).toBe(before + 1);
  // The expired token was refused, and the renewed one answered.
  const calls = (await fakeLog(jira.apiUrl)).slice(logged);
  expect(calls.map((entry) => entry.status)).toContain(401);
  expect(calls.at(-1)?.status).toBe(200);
});

test('a revoked grant: the Jira group asks to authorize again, and /jiraAuth brings it back', async ({
  page,
}) => {
  await control(jira.authUrl, 'revoke');
  await searchJira(page, 'VPN client');
  const alert = page.getByText(
    'To search Jira, authorize the ticketing system again, then search once more.',
  );
  await expect(alert).toBeVisible();
  const again = page.getByRole('link', { name: 'authorize the ticketing system again' });
  await expect(again).toHaveAttribute('href', apiPaths.redirects.trackerInit);
  // The other groups still answer.
  await expect(chips(page).getByRole('radio', { name: /^Knowledge Base \(\d+\)$/ })).toHaveCount(1);
  await expect(page.getByText(/did not answer in time/)).toHaveCount(0);

  await again.click();
  await acceptJiraConsent(page);
  await searchJira(page, 'VPN client');
  await expect(chips(page).getByRole('radio', { name: 'Jira (1)' })).toBeChecked();
  await expect(alert).toHaveCount(0);
});

test('a Jira 503: the Jira group reports it, the others answer within the source timeout', async ({
  page,
}) => {
  await control(jira.apiUrl, 'fail', 'POST', {
    n: 50,
    status: 503,
    headers: { 'content-type': 'text/plain' },
    body: 'Service Unavailable',
  });
  const took = await searchJira(page, 'network diagram');
  await expect(page.getByText('Jira did not answer in time; showing the others.')).toBeVisible();
  // Only Jira failed: every other source has its group, and no other source is reported.
  await expect(page.getByText(/did not answer in time/)).toHaveCount(1);
  for (const source of ['Knowledge Base', 'Documentation', 'Community']) {
    await expect(chips(page).getByRole('radio', { name: new RegExp(`^${source} \\(\\d+\\)$`) })).toHaveCount(
      1,
    );
  }
  // The answer came within the source timeout (plus the page's own navigation), not after Jira's retries.
  expect(took).toBeLessThan(vendorPortal.searchSourceTimeoutMs + 3_000);
  const failed = (await fakeLog(jira.apiUrl)).filter((entry) => entry.outcome.injected === 'fail');
  expect(failed.length).toBeGreaterThanOrEqual(1);
});
