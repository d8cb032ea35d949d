import { expect, test, type Page } from '@playwright/test';
import { apiPaths } from '../../src/common/api-paths';
import { openCustomerLogin, userMenuButton } from '../e2e/support/auth';
import { expectNoAxeViolations, gotoHydrated } from '../e2e/support/pages';
import type { FakeComment, FakeTicket } from '../fakes/zendesk/tickets';
import type { FakeZendeskUser } from '../fakes/zendesk/users';
import { deliver, signedDelivery } from '../fakes/zendesk/webhooks';
import { vendorFakes, vendorPortal } from './support/vendor-portal';
import { control, fakeLog, signInStaffWithJira } from './support/vendor-sign-in';

/**
 * The portal's tickets on Zendesk (the fake, ZENDESK_TICKETS=on): a customer opens a ticket through the portal
 * and Zendesk holds it; an agent's reply made in Zendesk reaches the customer's open page through Zendesk's
 * signed webhook, without a reload; My Requests and the agent's Tickets group in the search come from Zendesk.
 */
test.describe.configure({ mode: 'serial' });

const { zendesk } = vendorFakes;
const { customer, agent } = vendorPortal;

/** A word no other ticket holds, so the searches find this run's ticket alone. */
const word = `zdesk${Date.now().toString(36)}`;
const subject = `Spoke gateway ${word} drops tunnels`;
let ticketId = 0;

/** The tickets the fake holds, each with its comments, read over its control route. */
async function heldTickets(): Promise<(FakeTicket & { comments: FakeComment[] })[]> {
  return (
    (await control(zendesk.url, 'tickets', 'GET')) as {
      tickets: (FakeTicket & { comments: FakeComment[] })[];
    }
  ).tickets;
}

/** The customer's sign-in through Zendesk's authorization page (the fake's Email field, then Allow). */
async function signInCustomer(page: Page): Promise<void> {
  await gotoHydrated(page, '/');
  const dialog = await openCustomerLogin(page);
  await dialog.getByLabel('Email').fill(customer.email);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`^${zendesk.url}/oauth/authorizations/new\\?`));
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(`${vendorPortal.baseURL}/`);
  await expect(userMenuButton(page, customer.name)).toBeVisible();
}

test('a customer opens a ticket through the portal and Zendesk holds it', async ({ page }) => {
  await signInCustomer(page);
  await gotoHydrated(page, '/tickets/new');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill(`Every spoke lost its tunnel (${word}) after the 8.1 upgrade.`);
  await page.getByRole('radio', { name: /^P2/ }).check();
  await page.getByLabel('Type').selectOption('Technical query');
  await page.getByLabel('Release').selectOption('8.1');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  ticketId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expectNoAxeViolations(page);

  // Zendesk holds it under the customer's Zendesk user, with the portal's fields (the customer's provided id
  // among them) in its custom fields.
  const held = (await heldTickets()).find((ticket) => ticket.id === ticketId);
  const users = ((await control(zendesk.url, 'users', 'GET')) as { users: FakeZendeskUser[] }).users;
  const requester = users.find((user) => user.email === customer.email);
  expect(held).toMatchObject({ subject, requester_id: requester?.id, status: 'new', priority: 'high' });
  expect(held?.custom_fields).toEqual([
    { id: zendesk.ticketFields.type, value: 'Technical query' },
    { id: zendesk.ticketFields.release, value: '8.1' },
    { id: zendesk.ticketFields.providedId, value: customer.providedId },
  ]);
  expect(held?.comments.map((comment) => comment.body)).toEqual([
    `Every spoke lost its tunnel (${word}) after the 8.1 upgrade.`,
  ]);
});

test('an agent’s reply made in Zendesk appears on the customer’s open ticket page without a reload', async ({
  page,
}) => {
  expect(ticketId).toBeGreaterThan(0);
  await signInCustomer(page);
  await gotoHydrated(page, `/tickets/${ticketId}`);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  // The agent answers in Zendesk's agent console; Zendesk then sends its signed webhook to the portal.
  const reply = `Please send the gateway's tunnel log (${word}).`;
  await control(zendesk.url, 'ticket-change', 'POST', {
    id: ticketId,
    authorEmail: agent.email,
    change: { comment: { body: reply, public: true }, status: 'pending' },
  });
  const hook = `${vendorPortal.baseURL}${apiPaths.helpdesk.ticketWebhook}`;
  expect(await deliver(signedDelivery(hook, zendesk.webhookSecret, ticketId))).toBe(200);

  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText(reply);
  expect(reloaded).toBe(false);
  await expectNoAxeViolations(page);
});

test('My Requests and the agent’s Tickets group in the search come from Zendesk', async ({ browser }) => {
  expect(ticketId).toBeGreaterThan(0);
  const customerContext = await browser.newContext();
  const page = await customerContext.newPage();
  await signInCustomer(page);
  await control(zendesk.url, 'log', 'DELETE');

  // My Requests: the customer's requested tickets, read from Zendesk.
  await gotoHydrated(page, '/tickets');
  const requests = page.getByRole('table', { name: 'My Requests' });
  await expect(requests.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await fakeLog(zendesk.url)).some((entry) => entry.outcome.route === 'tickets_requested')).toBe(
    true,
  );

  // The search's My Requests group: Zendesk's Search API, its hit linking to the request in Zendesk.
  await gotoHydrated(page, `/search?q=${word}&chip=zendeskRequests`);
  const chips = page.getByRole('radiogroup', { name: 'Result sources' });
  await expect(chips.getByRole('radio', { name: 'My Requests (1)' })).toBeChecked();
  const found = page.getByRole('list', { name: 'My Requests results' });
  await expect(found.getByRole('link', { name: subject })).toHaveAttribute(
    'href',
    `${zendesk.url}/hc/requests/${ticketId}`,
  );
  await expectNoAxeViolations(page);
  await customerContext.close();

  // The agent's Tickets group: the same Search API, linking to the agent console.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await signInStaffWithJira(agentPage, agent);
  await control(zendesk.url, 'log', 'DELETE');
  await gotoHydrated(agentPage, `/search?q=${word}&chip=zendeskTickets`);
  await expect(
    agentPage.getByRole('radiogroup', { name: 'Result sources' }).getByRole('radio', { name: 'Tickets (1)' }),
  ).toBeChecked();
  const tickets = agentPage.getByRole('list', { name: 'Tickets results' });
  await expect(tickets.getByRole('link', { name: subject })).toHaveAttribute(
    'href',
    `${zendesk.url}/agent/tickets/${ticketId}`,
  );
  await expectNoAxeViolations(agentPage);
  const searches = (await fakeLog(zendesk.url)).filter((entry) => entry.outcome.route === 'search');
  expect(searches.map((entry) => entry.outcome.query)).toContain(`type:ticket ${word}`);
  await agentContext.close();
});

/** The page at 1280 px and at 375 px, attached to the report for a person to look at. */
async function picture(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const path = test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await test.info().attach(`${name}-${width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('when Zendesk does not answer, the ticket page and My Requests show the last known state with a notice', async ({
  page,
}) => {
  expect(ticketId).toBeGreaterThan(0);
  await signInCustomer(page);
  await gotoHydrated(page, `/tickets/${ticketId}`);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await gotoHydrated(page, '/tickets');
  await expect(page.getByRole('table', { name: 'My Requests' })).toBeVisible();

  // Zendesk's 429 asking for a minute: past the deadline, so the portal answers with what it last read.
  const limited = {
    status: 429,
    headers: { 'content-type': 'text/plain', 'retry-after': '60' },
    body: 'Number of allowed API requests per minute exceeded',
  };
  try {
    await control(zendesk.url, 'fail', 'POST', { n: 50, ...limited });
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: 'The help desk is not answering right now' });
    await expect(notice).toContainText('These are the tickets as it stood at');
    await expect(
      page.getByRole('table', { name: 'My Requests' }).getByRole('link', { name: new RegExp(subject) }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await picture(page, 'stale-tickets');

    await gotoHydrated(page, `/tickets/${ticketId}`);
    await expect(notice).toContainText('This is the ticket as it stood at');
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expectNoAxeViolations(page);
    await picture(page, 'stale-ticket');
  } finally {
    await control(zendesk.url, 'fail', 'DELETE');
  }
});
