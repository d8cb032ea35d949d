import { expect, test } from '@playwright/test';
import { tabTo } from './support/keyboard';
import { collectPageErrors, expectNoAxeViolations, gotoHydrated } from './support/pages';
import { pageAs } from './support/signed-in';
import { openTicketByApi } from './support/tickets';

/**
 * Canned replies end to end, at desktop and phone widths: an admin creates one (an empty save refused in words,
 * nothing typed lost); an agent inserts it into a ticket's reply by keyboard alone (type to filter, arrows,
 * Enter), sends it as the status it preselects, and inserts a help article's title and link.
 */

test.describe.configure({ mode: 'serial' });

const ARTICLE = "Gateway shows 'unreachable' in the Controller";

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    const stamp = `${width}-${Date.now().toString(36)}`;
    const title = `Logs please ${stamp}`;
    const text = `Please attach the controller logs of today (${stamp}).`;
    let ticketUrl = '';

    test.beforeAll(async ({ browser, baseURL }) => {
      const { context, page } = await pageAs(browser, baseURL, 'customer', width);
      ticketUrl = (
        await openTicketByApi(
          page.request,
          baseURL ?? '',
          `Gateway lost ${stamp}`,
          'The controller lost the gateway.',
        )
      ).url;
      await context.close();
    });

    test('an admin creates a canned reply; an empty save is refused in words and keeps what was typed', async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const { context, page } = await pageAs(browser, baseURL, 'admin', width);
      const errors = collectPageErrors(page);
      await gotoHydrated(page, '/admin/canned-replies');
      await expect(page.getByRole('heading', { level: 1, name: 'Canned replies' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Canned replies' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'New canned reply' }).click();
      const dialog = page.getByRole('dialog', { name: 'New canned reply' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText('Write the text the reply puts into the reply box.')).toBeVisible();
      await expect(dialog.getByLabel('Title')).toHaveValue(title);
      await expectNoAxeViolations(page);
      await dialog.getByLabel('Text of the reply').fill(text);
      await dialog.getByLabel('Status when sent').selectOption({ label: 'Send as Pending' });
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Canned reply created.' })).toBeVisible();
      const card = page.getByRole('listitem').filter({ hasText: title });
      await expect(card).toContainText('Send as Pending');
      await expect(card).toContainText(text);

      // A second one with the same title is refused in words, and the dialog keeps what was typed.
      await page.getByRole('button', { name: 'New canned reply' }).click();
      await dialog.getByLabel('Title').fill(title.toUpperCase());
      await dialog.getByLabel('Text of the reply').fill('Another text');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'A canned reply with this title exists already. Choose another title.',
      );
      await expect(dialog.getByLabel('Text of the reply')).toHaveValue('Another text');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      // The browser logs the refused save (409) itself; nothing else may fail.
      expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
      await context.close();
    });

    test('an agent inserts it by keyboard alone and sends it as Pending; the reply and the status show', async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const { context, page } = await pageAs(browser, baseURL, 'agent', width);
      const errors = collectPageErrors(page);
      await gotoHydrated(page, ticketUrl);
      const box = page.getByLabel('Public reply to the requester');
      await box.focus();
      await page.keyboard.type('Hello,');
      await page.keyboard.press('Enter');
      const insert = page.getByRole('button', { name: 'Insert canned reply' });
      await tabTo(page, insert, 5);
      await page.keyboard.press('Enter');
      const search = page.getByRole('combobox', { name: 'Search canned replies' });
      await expect(search).toBeFocused();
      await page.keyboard.type(`logs please ${stamp}`);
      const list = page.getByRole('listbox', { name: 'Insert canned reply' });
      await expect(list.getByRole('option')).toHaveCount(1);
      await expect(list.getByRole('option')).toContainText(title);
      await expectNoAxeViolations(page);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(list).toHaveCount(0);
      await expect(box).toHaveValue(`Hello,\n${text}`);
      await expect(box).toBeFocused();
      await expect(page.getByText(`“${title}” preselects Send as Pending`)).toBeVisible();
      // The preselected way is the form's submit: Tab reaches it, Enter sends.
      const sendPending = page.getByRole('button', { name: 'Send as Pending' });
      await expect(sendPending).toHaveAttribute('type', 'submit');
      await tabTo(page, sendPending, 10);
      await page.keyboard.press('Enter');
      const conversation = page.getByRole('list', { name: 'Conversation' });
      await expect(conversation).toContainText(text);
      await expect(page.getByText('Status: pending')).toBeVisible();
      await expect(box).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Send reply' })).toHaveAttribute('type', 'submit');
      expect(errors).toEqual([]);
      await context.close();
    });

    test('an agent inserts a help article as its title and link', async ({ browser, baseURL }) => {
      test.slow();
      const { context, page } = await pageAs(browser, baseURL, 'agent', width);
      await gotoHydrated(page, ticketUrl);
      const box = page.getByLabel('Public reply to the requester');
      const insert = page.getByRole('button', { name: 'Insert article link' });
      await insert.focus();
      await page.keyboard.press('Enter');
      const search = page.getByRole('combobox', { name: 'Search help articles' });
      await expect(search).toBeFocused();
      await page.keyboard.type('gateway unreachable');
      const list = page.getByRole('listbox', { name: 'Insert article link' });
      await expect(list.getByRole('option', { name: new RegExp(ARTICLE) })).toBeVisible();
      await expectNoAxeViolations(page);
      // The first is chosen as the list shows; the arrows go down to the article wherever the search ranked it.
      const selected = list.locator('[data-combobox-selected]');
      await expect(selected).toHaveCount(1);
      for (let presses = 0; presses < 5; presses += 1) {
        if ((await selected.textContent())?.includes(ARTICLE)) break;
        await page.keyboard.press('ArrowDown');
      }
      await expect(selected).toContainText(ARTICLE);
      await page.keyboard.press('Enter');
      await expect(box).toHaveValue(new RegExp(`^${escape(ARTICLE)}: http://[^ ]+gateway-unreachable`));
      await expect(box).toBeFocused();
      await page.getByRole('button', { name: 'Send reply' }).click();
      const conversation = page.getByRole('list', { name: 'Conversation' });
      await expect(conversation.getByRole('link', { name: /^http:\/\/.*gateway-unreachable/ })).toBeVisible();
      await context.close();
    });
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
