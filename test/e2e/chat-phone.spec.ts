import { expect, test, type Page } from '@playwright/test';
import { CHAT_UPDATE_DELAY_MS } from '../../src/common/chat';
import { expectNoAxeViolations, gotoHydrated } from './support/pages';
import { AUTH_STATE } from './support/signed-in';

/**
 * The chat on a phone: the question box stays docked at the bottom of the screen, the view follows each new
 * question and its answer, and the past conversations wait behind a button above the chat.
 */

test.use({
  storageState: AUTH_STATE.customer,
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
});

// Both are answered from the demo content (test/api/assistant), each with passages and a written answer.
const QUESTIONS = [
  'How do I find out the biggest packet that gets through my tunnel?',
  'my ipsec tunnel keeps flapping',
];

const questionBox = (page: Page) => page.getByRole('textbox', { name: 'Ask a question' });
const turns = (page: Page) => page.getByRole('log', { name: 'Messages' }).locator(':scope > ol > li');

test('the question box stays docked and the view follows the newest answer', async ({ page }) => {
  test.slow();
  await gotoHydrated(page, '/chatbot');
  await expect(questionBox(page)).toBeVisible({ timeout: CHAT_UPDATE_DELAY_MS + 10_000 });
  // The past conversations are behind their button, not below the chat.
  const history = page.getByRole('navigation', { name: 'Your conversations' });
  await expect(history).toBeHidden();

  for (const [index, question] of QUESTIONS.entries()) {
    await questionBox(page).fill(question);
    await questionBox(page).press('Enter');
    // The answer is in (the box empties), with no scrolling by the user: the question and the start of its
    // answer are on screen, and so is the box.
    await expect(questionBox(page)).toHaveValue('', { timeout: 20_000 });
    await expect(turns(page)).toHaveCount(2 * (index + 1));
    const answer = turns(page).nth(2 * index + 1);
    await expect(answer.getByRole('list', { name: 'Passages' })).toBeVisible();
    await expect(turns(page).nth(2 * index)).toBeInViewport();
    await expect(answer).toBeInViewport();
    await expect(questionBox(page)).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
  }
  // The page had to scroll to follow: the conversation is longer than the screen.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // Scrolled back to the first answer, the box is still at the bottom of the screen.
  await turns(page)
    .nth(1)
    .evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await expect(questionBox(page)).toBeInViewport({ ratio: 1 });
  const box = await page.getByRole('form', { name: 'Your question' }).boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(812, -1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});

test('the past conversations open from their button and a chosen one closes the list', async ({ page }) => {
  test.slow();
  await gotoHydrated(page, '/chatbot');
  await expect(questionBox(page)).toBeVisible({ timeout: CHAT_UPDATE_DELAY_MS + 10_000 });
  await questionBox(page).fill(QUESTIONS[1] ?? '');
  await questionBox(page).press('Enter');
  await expect(questionBox(page)).toHaveValue('', { timeout: 20_000 });

  const toggle = page.getByRole('button', { name: 'Your conversations' });
  const history = page.getByRole('navigation', { name: 'Your conversations' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(history).toBeVisible();
  // Above the chat, not below it.
  const [list, chat] = [
    await history.boundingBox(),
    await page.getByRole('region', { name: 'Chat with the assistant' }).boundingBox(),
  ];
  expect(list?.y ?? Infinity).toBeLessThan(chat?.y ?? 0);
  await expectNoAxeViolations(page);

  await history.getByRole('button', { name: 'New conversation' }).click();
  await expect(history).toBeHidden();
  await expect(turns(page)).toHaveCount(0);
  await toggle.click();
  await history
    .getByRole('button', { name: /my ipsec tunnel keeps flapping/ })
    .first()
    .click();
  await expect(history).toBeHidden();
  await expect(turns(page)).toHaveCount(2);
});
