import { expect, test } from '@playwright/test';
import { demoIssues } from '../../src/server/connectors/tracker/builtin/demo-issues';
import { tabTo } from './support/keyboard';
import { initialJavaScript, INITIAL_JS_BUDGET_KB } from './support/initial-js';
import { collectPageErrors, expectNoAxeViolations, gotoHydrated } from './support/pages';
import { pageAs } from './support/signed-in';
import { openTicketByApi } from './support/tickets';

/**
 * The ticket page as agents and customers work it, at desktop and phone widths: the composer's internal note
 * (yellow, never shown to the customer, reset to a reply after sending, its tabs worked by keyboard), files
 * in the reply (a good one attached, a renamed executable refused in words), "Send as Solved" in one step,
 * Jira keys and linked issues with their status (within the initial JavaScript budget), safe links in comments,
 * and "Mark as solved" confirmed.
 */

test.describe.configure({ mode: 'serial' });

/** A 1x1 PNG screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A Windows executable's start, named like a screenshot. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);
const ISSUE = demoIssues.find((issue) => issue.key === 'NET-1008');

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    let ticketUrl = '';
    let subject = '';

    test.beforeAll(async ({ browser, baseURL }) => {
      const { context, page } = await pageAs(browser, baseURL, 'customer', width);
      subject = `Tunnel drops hourly ${width} ${Date.now().toString(36)}`;
      ticketUrl = (await openTicketByApi(page.request, baseURL ?? '', subject)).url;
      await context.close();
    });

    test('an agent writes an internal note by keyboard; it links its Jira key, resets to reply and the customer never sees it', async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const { context, page } = await pageAs(browser, baseURL, 'agent', width);
      const errors = collectPageErrors(page);
      await gotoHydrated(page, ticketUrl);
      await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      const replyTab = page.getByRole('tab', { name: 'Public reply' });
      const noteTab = page.getByRole('tab', { name: 'Internal note' });
      await expect(replyTab).toHaveAttribute('aria-selected', 'true');
      // Keyboard only: Tab reaches the tabs, the arrow moves to the note, Tab goes on into its text.
      await page.getByLabel('Public reply to the requester').focus();
      await tabTo(page, replyTab, 5, 'back');
      await page.keyboard.press('ArrowRight');
      await expect(noteTab).toBeFocused();
      await expect(noteTab).toHaveAttribute('aria-selected', 'true');
      const noteField = page.getByRole('textbox', { name: 'Internal note' });
      await tabTo(page, noteField, 5);
      const note = `Same cause as NET-1008, customer not told yet ${Date.now().toString(36)}`;
      await page.keyboard.type(note);
      await expect(page.getByText('Only agents see internal notes.')).toBeVisible();
      await expectNoAxeViolations(page);
      await tabTo(page, page.getByRole('button', { name: 'Add internal note' }), 5);
      await page.keyboard.press('Enter');
      const conversation = page.getByRole('list', { name: 'Conversation' });
      await expect(conversation).toContainText(note.slice(-20));
      await expect(conversation.getByText('(internal note)')).toBeVisible();
      await expect(replyTab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel('Public reply to the requester')).toHaveValue('');
      const key = conversation.getByRole('link', { name: 'NET-1008' });
      await expect(key).toHaveAttribute('href', /NET-1008/);
      await expect(key).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await context.close();

      const customer = await pageAs(browser, baseURL, 'customer', width);
      await gotoHydrated(customer.page, ticketUrl);
      await expect(customer.page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      await expect(customer.page.getByText(note.slice(-20))).toHaveCount(0);
      await expect(customer.page.getByText('(internal note)')).toHaveCount(0);
      await expect(customer.page.getByRole('tab', { name: 'Internal note' })).toHaveCount(0);
      await expectNoAxeViolations(customer.page);
      await customer.context.close();
    });

    test('an agent links a Jira issue and the ticket shows its status', async ({ browser, baseURL }) => {
      test.slow();
      const { context, page } = await pageAs(browser, baseURL, 'agent', width);
      // The issue box and its Link button are the app's (a fetch, no form to post): after hydration.
      await gotoHydrated(page, ticketUrl);
      const issues = page.getByRole('region', { name: 'Linked Jira issues' });
      await issues.getByLabel('Issue key').fill('net-1008');
      await issues.getByRole('button', { name: 'Link', exact: true }).click();
      const linked = issues.getByRole('list', { name: 'Linked issues' });
      await expect(linked.getByRole('link', { name: 'NET-1008' })).toBeVisible();
      await expect(linked).toContainText(ISSUE?.status ?? 'missing demo issue');
      await issues.getByLabel('Issue key').fill('NET-99999');
      await issues.getByRole('button', { name: 'Link', exact: true }).click();
      await expect(issues.getByRole('alert')).toContainText('the tracker has no issue NET-99999');
      await expectNoAxeViolations(page);
      await context.close();
    });

    test('the agent’s page, tracker links and all, loads at most 150 KB of JavaScript (gzipped) at first load', async ({
      browser,
      baseURL,
    }) => {
      const agent = await pageAs(browser, baseURL, 'agent', width);
      const page = agent.page;
      // Its side column asks for the ticket's linked issues at load: their check must not bring zod with it.
      const contextAnswer = page.waitForResponse((response) =>
        /\/api\/tickets\/\d+\/context$/.test(response.url()),
      );
      const { kb, files } = await initialJavaScript(page, ticketUrl);
      expect((await contextAnswer).ok()).toBe(true);
      await expect(page.getByRole('region', { name: 'Linked Jira issues' })).toBeVisible();
      expect(kb, files.join('\n')).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
      await agent.context.close();
    });

    test('an agent sends a reply with a screenshot as Solved in one step; a renamed executable is refused in words', async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const { context, page } = await pageAs(browser, baseURL, 'agent', width);
      // The composer uploads each file as it is chosen, which only the app does: after hydration.
      await gotoHydrated(page, ticketUrl);
      await page.getByLabel('Attach files to the reply').setInputFiles([
        { name: 'tunnel-log.png', mimeType: 'image/png', buffer: PNG },
        { name: 'screenshot2.png', mimeType: 'image/png', buffer: EXE },
      ]);
      const files = page.getByRole('list', { name: 'Files of this reply' });
      await expect(files.getByRole('alert')).toHaveText(
        /screenshot2\.png was not attached: an EXE file is not accepted/,
      );
      await expect(files.getByText('Attached', { exact: true })).toHaveCount(1);
      await expectNoAxeViolations(page);
      const reply = `Fixed by the 8.1.2 hotfix ${Date.now().toString(36)}`;
      await page.getByLabel('Public reply to the requester').fill(reply);
      await page.getByRole('button', { name: 'Send as Solved' }).click();
      const conversation = page.getByRole('list', { name: 'Conversation' });
      await expect(conversation).toContainText(reply);
      await expect(conversation).toContainText('Attached: tunnel-log.png');
      await expect(page.getByText('Status: Solved')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Attachments' }).getByRole('link', { name: 'tunnel-log.png' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'screenshot2.png' })).toHaveCount(0);
      await expect(files).toHaveCount(0);
      await context.close();
    });

    test('a customer’s links are safe, the due line agrees with itself, and Mark as solved asks first', async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const { context, page } = await pageAs(browser, baseURL, 'customer', width);
      // Sending a reply is the app's (a fetch, then the conversation refreshes): after hydration.
      await gotoHydrated(page, ticketUrl);
      const text = `See https://example.com/docs?a=1. Not javascript:alert(1) nor <b>bold</b> ${Date.now().toString(36)}`;
      await page.getByLabel('Your reply').fill(text);
      await page.getByRole('button', { name: 'Send reply' }).click();
      const conversation = page.getByRole('list', { name: 'Conversation' });
      await expect(conversation).toContainText('<b>bold</b>');
      const link = conversation.getByRole('link', { name: 'https://example.com/docs?a=1' });
      await expect(link).toHaveAttribute('href', 'https://example.com/docs?a=1');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      await expect(conversation.locator('a[href^="javascript"]')).toHaveCount(0);
      await expect(conversation.locator('b')).toHaveCount(0);
      // The reply reopened the ticket: the customer solves it again, after saying so.
      await expect(page.getByText('Status: In progress')).toBeVisible();
      await page.getByRole('button', { name: 'Mark as solved' }).click();
      const dialog = page.getByRole('group', { name: 'Mark this request as solved?' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Status: In progress')).toBeVisible();
      await page.getByRole('button', { name: 'Mark as solved' }).click();
      await dialog.getByRole('button', { name: 'Yes, mark as solved' }).click();
      await expect(page.getByText('Status: Solved')).toBeVisible();
      const summary = page.getByRole('list', { name: 'Ticket summary' });
      await expect(summary).toContainText(/Opened .+ (UTC|GMT)/);
      await expect(summary).not.toContainText(/No response due.*due/);
      await expectNoAxeViolations(page);
      await context.close();
    });
  });
}
