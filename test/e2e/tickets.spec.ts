import { expect, test, type Page } from '@playwright/test';
import { accounts } from './support/accounts';
import { createCustomer, signInCustomer, storedProfile } from './support/auth';
import { tabTo } from './support/keyboard';
import { collectPageErrors, expectNoAxeViolations, gotoHydrated } from './support/pages';
import { mailboxUrl } from './support/peers';
import { pageAs } from './support/signed-in';

/**
 * The Ticket Portal as its users work: a customer opens a P1 outage ticket from the home page and
 * sees its due time, an agent replies from the queue, the customer reads the reply (and its mail) and marks
 * the ticket solved; another customer finds it nowhere. Creation by keyboard alone. axe on every page.
 */

test.describe.configure({ mode: 'serial' });

/** Every mail the portal sent to `email`, read from the test SMTP sink's mailbox. */
async function mailsTo(email: string): Promise<string[]> {
  const response = await fetch(`${mailboxUrl}/mails/${encodeURIComponent(email)}`);
  const { mails } = (await response.json()) as { mails: { body: string }[] };
  return mails.map((mail) => mail.body);
}

/** A page in a browser context of its own, signed in as `role` (or signed out). */
async function emailOf(page: Page): Promise<string> {
  const profile = await storedProfile(page);
  return String(profile?.userEmail ?? '');
}

/** A 1x1 PNG screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let ticketUrl = '';
let subject = '';

test('a customer opens a P1 outage ticket from the home page and sees its due time', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  // An agent watches the queue: the new ticket appears in it without a reload.
  const { context: agentContext, page: agent } = await pageAs(browser, baseURL, 'agent');
  await agent.goto('/tickets');
  await expect(agent.getByRole('table', { name: 'Ticket queue' })).toBeVisible();

  const { context, page } = await pageAs(browser, baseURL, 'customer');
  const errors = collectPageErrors(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Create a ticket in the Ticket Portal' }).click();
  await expect(page).toHaveURL(/\/tickets\/new\?priority=P1/);
  await expect(page.getByRole('radio', { name: /^P1/ })).toBeChecked();
  await expect(page.getByLabel('Type')).toHaveValue('Production outage');
  await expect(page.getByText(/First response within .*, around the clock/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  subject = `Transit gateway down ${Date.now().toString(36)}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill('All spokes lost their tunnels after the 8.1 upgrade.');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'tunnel-down.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Create ticket' }).click();
  // Once its file is attached, the customer lands on the ticket.
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  await expect(
    agent.getByRole('table', { name: 'Ticket queue' }).getByRole('link', { name: new RegExp(subject) }),
  ).toBeVisible();
  await agentContext.close();
  ticketUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText(/^Due (in|soon)/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'tunnel-down.png' })).toBeVisible();
  expect(errors).toEqual([]);
  // A file of a kind the portal does not take is refused with the reason (the browser logs the 400); nothing is listed.
  await page.getByLabel('Attach files to the reply').setInputFiles({
    name: 'fix.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]),
  });
  await expect(page.getByRole('alert')).toContainText('an EXE file is not accepted');
  await expect(page.getByRole('link', { name: 'fix.exe' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await context.close();
});

test('the agent replies from the queue; the customer reads it, gets its mail and marks the ticket solved', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  // The customer has the ticket open while the agent works: the reply arrives without a reload.
  const { context, page } = await pageAs(browser, baseURL, 'customer');
  await page.goto(ticketUrl);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  const { context: agentContext, page: agent } = await pageAs(browser, baseURL, 'agent');
  await agent.goto('/tickets');
  const queue = agent.getByRole('table', { name: 'Ticket queue' });
  await expect(queue).toBeVisible();
  await expectNoAxeViolations(agent);
  await queue.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(agent).toHaveURL(ticketUrl);
  const reply = `We found the cause: a stale route table ${Date.now().toString(36)}.`;
  await agent.getByLabel('Public reply to the requester').fill(reply);
  await agent.getByRole('button', { name: 'Send reply' }).click();
  await expect(agent.getByRole('list', { name: 'Conversation' })).toContainText(reply);
  await expect(agent.getByText('Responded').first()).toBeVisible();
  await expect(agent.getByRole('table', { name: 'Ticket history' })).toContainText('Replied');
  // Assigned to the agent from the console.
  await agent.getByLabel('Assignee').selectOption({ label: `${accounts.agent.name} (me)` });
  await agent.getByRole('button', { name: 'Update ticket' }).click();
  await expect(agent.getByRole('complementary', { name: 'Ticket details' })).toContainText(
    `Assignee${accounts.agent.name}`,
  );
  await expectNoAxeViolations(agent);
  await agentContext.close();

  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText(reply);
  const email = await emailOf(page);
  await expect.poll(async () => (await mailsTo(email)).some((body) => body.includes(reply))).toBe(true);
  await page.getByRole('button', { name: 'Mark as solved' }).click();
  await page
    .getByRole('group', { name: 'Mark this request as solved?' })
    .getByRole('button', { name: 'Yes, mark as solved' })
    .click();
  await expect(page.getByText('Status: Solved')).toBeVisible();
  // Its requester finds it at once in My Requests.
  await gotoHydrated(page, `/search?q=${encodeURIComponent(subject)}`);
  // (A retry's ticket shares words with the first try's: the count may be more than one.)
  await page.getByText(/^My Requests \(\d+\)$/).click();
  await expect(page.locator(`a[href="${ticketUrl}"]`).first()).toBeVisible({ timeout: 15_000 });
  // My Requests in the Ticket Portal, with its due state.
  await page.goto('/tickets');
  await expect(
    page.getByRole('table', { name: 'My Requests' }).getByRole('link', { name: new RegExp(subject) }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});

test('another customer finds the ticket nowhere: not by its number, not in their list, not in search', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { context, page } = await pageAs(browser, baseURL);
  const other = await createCustomer(page.request, baseURL ?? '');
  await signInCustomer(page, other);
  await page.goto(ticketUrl);
  await expect(page.getByRole('alert')).toContainText(
    'There is no ticket with this number, or it is not yours.',
  );
  await expectNoAxeViolations(page);
  await page.goto('/tickets');
  await expect(page.getByText('No tickets found: you have not opened a ticket yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await gotoHydrated(page, `/search?q=${encodeURIComponent(subject)}`);
  // My Requests has nothing of it, and no result anywhere leads to the ticket.
  await expect(page.getByText(/^My Requests \(0\)$/)).toBeVisible();
  await expect(page.locator(`a[href="${ticketUrl}"]`)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await context.close();
});

test('a customer creates a ticket by keyboard alone, and a missing field keeps what was typed', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { context, page } = await pageAs(browser, baseURL, 'customer');
  await gotoHydrated(page, '/tickets/new');
  const subjectField = page.getByLabel('Subject');
  await expect(subjectField).toBeVisible();
  // From the top of the page: the skip link first, past the header to the form's first field.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await tabTo(page, subjectField, 5);
  await page.keyboard.type('Question about BGP route limits');
  await page.keyboard.press('Tab');
  await page.keyboard.type('How many routes can one spoke gateway learn?');
  // Submit with no priority or type: the form says so and keeps the text.
  await tabTo(page, page.getByRole('button', { name: 'Create ticket' }), 12);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Please fill all required fields');
  await expect(subjectField).toHaveValue('Question about BGP route limits');
  await expectNoAxeViolations(page);

  // Back from the button to the priorities, Space chooses. With no choice yet, Shift+Tab stops on one radio of
  // the group: the last, or the one focused on the way down (P1), which Chromium remembers while the radios
  // stay the same elements.
  const priorities = page.getByRole('radiogroup', { name: /Priority/ });
  for (let presses = 0; presses < 12; presses += 1) {
    if (await priorities.evaluate((group) => group.contains(document.activeElement))) break;
    await page.keyboard.press('Shift+Tab');
  }
  await page.keyboard.press('Space');
  await expect(priorities.getByRole('radio', { checked: true })).toHaveCount(1);
  await tabTo(page, page.getByLabel('Type'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Type')).not.toHaveValue('');
  await tabTo(page, page.getByRole('button', { name: 'Create ticket' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  await context.close();
});

test('a ticket the agent closes is final: the customer gets no reply box, no file picker and no Mark as solved', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { context: agentContext, page: agent } = await pageAs(browser, baseURL, 'agent');
  await agent.goto(ticketUrl);
  await expect(agent.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await agent.getByLabel('Status').selectOption('closed');
  await agent.getByRole('button', { name: 'Update ticket' }).click();
  await expect(agent.getByText('Status: closed')).toBeVisible();
  // Nothing is left to change: the console's controls and the reply box are gone.
  await expect(agent.getByRole('form', { name: 'Update ticket' })).toHaveCount(0);
  await expect(agent.getByText('This ticket is closed. Please open a new one.')).toBeVisible();
  await agentContext.close();

  const { context, page } = await pageAs(browser, baseURL, 'customer');
  await page.goto(ticketUrl);
  await expect(page.getByText('Status: Closed')).toBeVisible();
  await expect(page.getByText('This ticket is closed. Please open a new one.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Reply' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose files' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark as solved' })).toHaveCount(0);
  // Its files are still listed.
  await expect(page.getByRole('link', { name: 'tunnel-down.png' })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
