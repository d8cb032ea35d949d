import { expect, test, type Browser, type Page } from '@playwright/test';
import { CHAT_UPDATE_DELAY_MS } from '../../src/common/chat';
import { storedProfile } from './support/auth';
import { tabTo } from './support/keyboard';
import { firstSeen, recordFirstSeen } from './support/first-seen';
import { collectPageErrors, expectNoAxeViolations, gotoHydrated } from './support/pages';
import { AUTH_STATE } from './support/signed-in';

/**
 * The built-in assistant on /chatbot as a customer uses it: the chat appears after the chat update
 * delay, answers from the help content with links into the right section, says plainly when it found
 * nothing and opens a ticket with the conversation attached (by the server, in the same request); a signed-out visitor goes home; axe on the
 * conversation and the ticket form; a whole conversation by keyboard.
 */

// Demo content answers it with the 'Diagnose' section of a knowledge-base article (test/api/assistant).
const ANSWERABLE = 'How do I find out the biggest packet that gets through my tunnel?';
const UNANSWERABLE = 'how do I bake sourdough bread';
const NOT_FOUND = 'I did not find an answer to this in the knowledge base, documentation or community.';

async function customerPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ storageState: AUTH_STATE.customer, baseURL });
  return { context, page: await context.newPage() };
}

const questionBox = (page: Page) => page.getByRole('textbox', { name: 'Ask a question' });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });

/** Opens /chatbot and waits for the chat (after its delay). */
async function openChat(page: Page) {
  await gotoHydrated(page, '/chatbot');
  await expect(questionBox(page)).toBeVisible({ timeout: CHAT_UPDATE_DELAY_MS + 10_000 });
}

async function ask(page: Page, question: string) {
  await questionBox(page).fill(question);
  await questionBox(page).press('Enter');
  // Sent: the box empties once the answer is in.
  await expect(questionBox(page)).toHaveValue('');
}

test('a signed-out visitor is sent home, with /chatbot kept for after sign-in', async ({ page }) => {
  await gotoHydrated(page, '/chatbot');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
  expect((await storedProfile(page))?.redirectLink).toBe('/chatbot');
});

test('the chat appears only after the chat update delay, greeting the customer, and fits 375 px', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await customerPage(browser, baseURL);
  const errors = collectPageErrors(page);
  await recordFirstSeen(page, {
    greeting: ['p[role="status"]', 'Opening the chat assistant'],
    questionBox: 'form[aria-label="Your question"]',
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, '/chatbot');
  await expect(questionBox(page)).toBeVisible({ timeout: CHAT_UPDATE_DELAY_MS + 10_000 });
  // The server's page greets first ('Opening the chat assistant'); the box comes after the delay.
  const seen = await firstSeen(page);
  expect(seen.questionBox).toBeGreaterThanOrEqual(CHAT_UPDATE_DELAY_MS);
  expect(seen.greeting).toBeLessThan(seen.questionBox ?? 0);
  await expect(messages(page)).toContainText(/Hello, .+\. Ask me a question/);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  // On a phone the past conversations wait behind their button (chat-phone.spec.ts).
  await expect(page.getByRole('button', { name: 'Your conversations' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(errors).toEqual([]);
  await context.close();
});

test('answers from the help content, keeps the conversation, and a passage link opens its section', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { context, page } = await customerPage(browser, baseURL);
  await openChat(page);
  await ask(page, ANSWERABLE);
  const passages = messages(page).getByRole('list', { name: 'Passages' }).last();
  await expect(passages.getByRole('listitem').first()).toContainText('Knowledge Base');
  const link = passages.getByRole('link', { name: /Diagnose$/ });
  await expect(link).toHaveAttribute('href', /#diagnose$/);
  await expect(passages.locator('mark').first()).toBeVisible();
  await expect(messages(page).getByRole('group', { name: 'Did this answer your question?' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The conversation is listed; a new one starts empty, and choosing the old one shows it again.
  const history = page.getByRole('navigation', { name: 'Your conversations' });
  await expect(
    history.getByRole('button', { name: new RegExp(ANSWERABLE.slice(0, 30)) }).first(),
  ).toBeVisible();
  await history.getByRole('button', { name: 'New conversation' }).click();
  await expect(messages(page).getByRole('list', { name: 'Passages' })).toHaveCount(0);
  await history
    .getByRole('button', { name: new RegExp(ANSWERABLE.slice(0, 30)) })
    .first()
    .click();
  await expect(link).toBeVisible();

  await link.click();
  await expect(page).toHaveURL(/\/docs\?article=[a-z0-9-]+#diagnose$/);
  await expect(page.locator('[id="diagnose"]')).toBeAttached();
  await context.close();
});

test('a written answer streams in after the passages and its citations open them', async ({
  browser,
  baseURL,
}) => {
  // The portal of these tests has a model (a fake one, test/e2e/support/peers-server.ts): it writes the first
  // passage's first sentence and cites it, a word every 60 ms.
  test.slow();
  const { context, page } = await customerPage(browser, baseURL);
  await recordFirstSeen(page, {
    passages: '[role="log"] ol[aria-label="Passages"] a',
    writing: ['[role="log"] p[role="status"]', 'Writing an answer from these passages'],
    feedback: '[role="log"] [role="group"]',
  });
  await openChat(page);
  await questionBox(page).fill(ANSWERABLE);
  await questionBox(page).press('Enter');
  const passages = messages(page).getByRole('list', { name: 'Passages' }).last();
  await expect(passages.getByRole('link', { name: /Diagnose$/ })).toBeVisible();
  const citation = messages(page).getByRole('link', { name: /^\[1\] / });
  await expect(citation).toBeVisible({ timeout: 15_000 });
  // The citation comes while the answer is still streaming; the feedback question once it is written.
  await expect(page.locator('[role="log"] [role="group"]').first()).toBeVisible({ timeout: 15_000 });
  // The passages came first, with 'Writing an answer from these passages…', and the feedback question only
  // once the answer was written.
  const seen = await firstSeen(page);
  expect(seen.writing).toBeGreaterThanOrEqual(seen.passages ?? Infinity);
  expect(seen.feedback).toBeGreaterThan(seen.writing ?? Infinity);
  await expect(messages(page).getByRole('status')).toHaveCount(0);
  // The answer is the model's sentence (the passage's own words here), its citation inside it.
  const written = messages(page)
    .locator('p')
    .filter({ has: page.getByRole('link', { name: /^\[1\] / }) });
  await expect(written).toContainText('largest packet that passes without fragmentation');
  await expect(messages(page).getByText('Written from these passages of the help content:')).toBeVisible();
  await expect(messages(page).getByRole('group', { name: 'Did this answer your question?' })).toBeVisible();
  const first = passages.getByRole('listitem').first().getByRole('link');
  await expect(citation).toHaveAttribute('href', (await first.getAttribute('href')) ?? 'a passage');
  await expectNoAxeViolations(page);

  await citation.click();
  await expect(page).toHaveURL(/#diagnose$/);
  await context.close();
});

test('says plainly when the help content has no answer and opens a ticket with the conversation', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { context, page } = await customerPage(browser, baseURL);
  await openChat(page);
  await ask(page, UNANSWERABLE);
  await expect(messages(page)).toContainText(NOT_FOUND);
  await expect(messages(page).getByRole('list', { name: 'Passages' })).toHaveCount(0);
  await messages(page).getByRole('button', { name: 'Create a ticket' }).click();

  const form = page.getByRole('form', { name: 'Create a ticket for our support team' });
  await expect(form.getByLabel('Subject')).toHaveValue(UNANSWERABLE);
  await expect(form.getByRole('option', { name: /^P1: .*first response within/ })).toBeAttached();
  await expectNoAxeViolations(page);
  const subject = `Sourdough from the assistant ${Date.now().toString(36)}`;
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Priority').selectOption('P3');
  await form.getByLabel('Type').selectOption('Technical query');
  await form.getByRole('button', { name: 'Create ticket' }).click();
  await expect(form.getByText('Required')).toBeVisible();
  await form.getByLabel('Description').fill('The assistant had nothing on sourdough.');
  await form.getByRole('button', { name: 'Create ticket' }).click();
  // The customer lands on the ticket.
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  const ticketPath = new URL(page.url()).pathname;

  // My Requests lists it; its page shows the conversation.
  await gotoHydrated(page, '/tickets');
  await page
    .getByRole('table', { name: 'My Requests' })
    .getByRole('link', { name: new RegExp(subject) })
    .click();
  await expect(page).toHaveURL(ticketPath ?? '');
  // The server stored the conversation with the ticket: a part of its own, not a comment of the customer's.
  const conversation = page.getByRole('region', { name: 'Conversation with the assistant' });
  await expect(conversation).toContainText(`Customer asked`);
  await expect(conversation).toContainText(UNANSWERABLE);
  await expect(conversation).toContainText(
    'The assistant found nothing in the help content that answers it.',
  );
  await expect(page.getByRole('list', { name: 'Conversation' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await context.close();
});

for (const width of [1280, 375]) {
  test(`the ticket asked for later in a conversation takes the first question as its subject and suggests articles (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const { context, page } = await customerPage(browser, baseURL);
    await page.setViewportSize({ width, height: 900 });
    await openChat(page);
    await ask(page, UNANSWERABLE);
    await expect(messages(page)).toContainText(NOT_FOUND);
    await ask(page, ANSWERABLE);
    await ask(page, 'talk to support');

    const form = page.getByRole('form', { name: 'Create a ticket for our support team' });
    await expect(form.getByLabel('Subject')).toHaveValue(UNANSWERABLE);
    await expect(form.getByLabel('Description')).toHaveValue(ANSWERABLE);
    await form.getByLabel('Subject').fill('Signing in to the controller');
    const article = form
      .getByRole('region', { name: 'Articles that may help' })
      .getByRole('link', { name: /Signing in to the Controller with SAML SSO/ });
    await expect(article).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `test-results/deflection/assistant-ticket-form-${width}.png`,
      fullPage: true,
    });

    const opened = context.waitForEvent('page');
    await article.click();
    await (await opened).close();
    await expect(form.getByLabel('Subject')).toHaveValue('Signing in to the controller');
    await expect(form.getByLabel('Description')).toHaveValue(ANSWERABLE);
    await context.close();
  });
}

test('a conversation by keyboard alone', async ({ browser, baseURL }) => {
  test.slow();
  const { context, page } = await customerPage(browser, baseURL);
  await openChat(page);
  await tabTo(page, questionBox(page), 120);
  // Shift+Enter is a new line, Enter sends.
  await page.keyboard.type('How do I find out the biggest packet');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('that gets through my tunnel?');
  await expect(questionBox(page)).toHaveValue(/packet\nthat gets/);
  await page.keyboard.press('Enter');
  const feedback = messages(page).getByRole('group', { name: 'Did this answer your question?' }).last();
  await expect(feedback).toBeVisible();
  await expect(questionBox(page)).toBeFocused();
  await tabTo(page, feedback.getByRole('button', { name: 'Yes' }), 20, 'back');
  await page.keyboard.press('Enter');
  await expect(messages(page)).toContainText('Glad it helped.');

  // 'talk to support' offers the ticket form, which takes the focus.
  await tabTo(page, questionBox(page), 20);
  await page.keyboard.type('talk to support');
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Create a ticket for our support team' });
  await expect(form.getByRole('heading', { name: 'Create a ticket for our support team' })).toBeFocused();
  await expect(form.getByLabel('Subject')).toHaveValue(/biggest packet/);
  await context.close();
});
