import { expect, test, type Page } from '@playwright/test';
import { tabTo } from './support/keyboard';
import { expectNoAxeViolations, gotoHydrated } from './support/pages';
import { pageAs } from './support/signed-in';

/**
 * The agents' queue and the customer's list as they are worked: filters kept in the address (Back and a
 * shared link show the same list), the hold status in the filter and on the ticket, bulk assignment of three
 * tickets by keyboard alone, and a customer reading statuses in their words with a mark on a reply they have
 * not read yet. At a desktop's width and a phone's, axe on every list.
 */

const WIDTHS = [1280, 375] as const;

/** A same-origin API call from the page, as the app makes it. */
async function api(page: Page, method: string, path: string, body: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<unknown>;
    },
    { method, path, body },
  );
}

/** No sideways scroll: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const queue = (page: Page) => page.getByRole('table', { name: 'Ticket queue' });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter the queue' });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test('the queue shows open work; its filters survive Back and a shared link', async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const { context, page } = await pageAs(browser, baseURL, 'agent', width);
      await gotoHydrated(page, '/tickets');
      await expect(queue(page)).toBeVisible();
      // Open work by default: nothing solved or closed.
      await expect(filters(page).getByLabel('Status')).toHaveValue('open-work');
      const statuses = await queue(page).locator('td[data-label="Status"]').allInnerTexts();
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((status) => ['solved', 'closed'].includes(status.trim()))).toEqual([]);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      await filters(page).getByLabel('Status').selectOption('hold');
      await expect(page).toHaveURL(/[?&]status=hold/);
      await expect(queue(page).getByRole('link', { name: /Insane Mode/ })).toBeVisible();
      await filters(page).getByLabel('Priority').selectOption('P2');
      await expect(page).toHaveURL(/priority=P2/);
      await filters(page).getByLabel('Search the queue').fill('insane');
      await filters(page).getByLabel('Search the queue').press('Enter');
      await expect(page).toHaveURL(/q=insane/);
      await expect(queue(page).getByRole('row')).toHaveCount(2);
      const shared = page.url();

      await page.goBack();
      await expect(page).not.toHaveURL(/q=insane/);
      await expect(filters(page).getByLabel('Priority')).toHaveValue('P2');
      await expect(filters(page).getByLabel('Search the queue')).toHaveValue('');
      await page.goBack();
      await expect(filters(page).getByLabel('Priority')).toHaveValue('');
      await expect(filters(page).getByLabel('Status')).toHaveValue('hold');
      await page.goBack();
      await expect(filters(page).getByLabel('Status')).toHaveValue('open-work');

      // The link, opened by a colleague: the same list.
      const other = await context.newPage();
      await gotoHydrated(other, shared);
      await expect(filters(other).getByLabel('Status')).toHaveValue('hold');
      await expect(filters(other).getByLabel('Priority')).toHaveValue('P2');
      await expect(filters(other).getByLabel('Search the queue')).toHaveValue('insane');
      await expect(queue(other).getByRole('link', { name: /Insane Mode/ })).toBeVisible();
      await expectNoAxeViolations(other);

      // A hold ticket says hold on its page too.
      await queue(other)
        .getByRole('link', { name: /Insane Mode/ })
        .click();
      await expect(other.getByLabel('Status', { exact: true })).toHaveValue('hold');
      await context.close();
    });

    test('a filter that matches no ticket says so and clears in one step', async ({ browser, baseURL }) => {
      const { context, page } = await pageAs(browser, baseURL, 'agent', width);
      await gotoHydrated(page, '/tickets?status=hold&q=qwxzv-no-such-ticket');
      await expect(page.getByText('No tickets found: none matches these filters.')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Clear the filters' }).click();
      await expect(page).toHaveURL(/\/tickets$/);
      await expect(queue(page)).toBeVisible();
      await expect(filters(page).getByLabel('Search the queue')).toHaveValue('');
      await context.close();
    });

    test('an agent assigns three tickets at once, by keyboard alone', async ({ browser, baseURL }) => {
      test.slow();
      const { context, page } = await pageAs(browser, baseURL, 'agent', width);
      await gotoHydrated(page, `/tickets?organisation=${encodeURIComponent('Globex Networks')}&sort=updated`);
      await expect(queue(page)).toBeVisible();
      await expect(filters(page).getByLabel('Organisation')).toHaveValue('Globex Networks');
      const subjects = [/dropping BGP sessions/, /Planned change/, /Distributed firewall/];
      const bulk = page.getByRole('region', { name: 'Bulk actions' });

      for (const [choice, shown] of [
        ['Unassigned', 'Unassigned'],
        ['Ada Admin', 'Ada Admin'],
      ] as const) {
        for (const subject of subjects) {
          const box = queue(page).getByRole('checkbox', { name: subject });
          await tabTo(page, box, 60);
          await page.keyboard.press('Space');
          await expect(box).toBeChecked();
        }
        await expect(bulk.getByText('(3 selected)')).toBeVisible();
        const assignTo = bulk.getByLabel('Assign to');
        await tabTo(page, assignTo, 60, 'back');
        await assignTo.selectOption({ label: choice });
        await page.keyboard.press('Tab');
        await expect(bulk.getByRole('button', { name: 'Assign' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(bulk.getByRole('status')).toContainText('3 tickets');
        for (const subject of subjects) {
          const row = queue(page)
            .getByRole('row')
            .filter({ has: page.getByRole('link', { name: subject }) });
          await expect(row.locator('td[data-label="Assignee"]')).toHaveText(shown);
        }
      }
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await context.close();
    });

    test('a customer reads statuses in their words and sees which replies are new', async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await pageAs(browser, baseURL, 'customer', width);
      const agentSide = await pageAs(browser, baseURL, 'agent', width);
      await gotoHydrated(page, '/');
      await gotoHydrated(agentSide.page, '/');
      const subject = `Gateway logs missing ${width} ${Date.now()}`;
      const { ticket } = (await api(page, 'POST', '/api/tickets', {
        subject,
        description: 'The gateway logs stopped arriving in our SIEM.',
        priority: 'P3',
        type: 'Technical query',
      })) as { ticket: { id: number } };
      await api(agentSide.page, 'POST', `/api/tickets/${ticket.id}/comments`, {
        body: 'Which syslog profile do the gateways use?',
        internal: false,
      });
      await api(agentSide.page, 'PATCH', `/api/tickets/${ticket.id}`, { status: 'pending' });
      await agentSide.context.close();

      await gotoHydrated(page, '/tickets');
      const list = page.getByRole('table', { name: 'My Requests' });
      const row = list.getByRole('row').filter({ has: page.getByRole('link', { name: subject }) });
      await expect(row.locator('td[data-label="Status"]')).toHaveText('Awaiting your reply');
      await expect(row.getByText('New reply')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      await row.getByRole('link', { name: subject }).click();
      await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.id}$`));
      await expect(page.getByText('Which syslog profile do the gateways use?')).toBeVisible();
      await page.goBack();
      await expect(row.locator('td[data-label="Status"]')).toHaveText('Awaiting your reply');
      await expect(row.getByText('New reply')).toHaveCount(0);
      await context.close();
    });
  });
}
