import { expect, test, type Browser, type Page } from '@playwright/test';
import { collectPageErrors, gotoHydrated } from './support/pages';
import { pageAs } from './support/signed-in';
import { openTicketByApi } from './support/tickets';

/**
 * The staff's ticket pages hydrate a piece at a time (src/web/lib/hydration-slices.tsx): each row of the queue,
 * and the composer and the sidebar of a ticket, in a task of their own, so no single task hydrates a whole list
 * however long it is (Lighthouse's Total Blocking Time on a phone's CPU, bench/README.md). The slices' tasks are
 * messages of a MessageChannel; the page counts them, and notes in which one each row or part gets its first
 * event listener (Preact attaches an element's listeners as it hydrates it; effects may add more later). No
 * clock is read: the figures are task numbers, not times.
 */

/** Before any script of the page: numbers the channel messages, and records the task of each item's first listener. */
async function countSliceTasks(page: Page, selector: string) {
  await page.addInitScript((selector: string) => {
    const record = { task: 0, items: new Map<Element, number>() };
    Object.assign(window, { __slices: record });
    const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      configurable: true,
      get() {
        return onmessage?.get?.call(this) as unknown;
      },
      set(handler: ((event: MessageEvent) => void) | null) {
        onmessage?.set?.call(
          this,
          handler &&
            ((event: MessageEvent) => {
              record.task += 1;
              handler(event);
            }),
        );
      },
    });
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      ...args: Parameters<EventTarget['addEventListener']>
    ) {
      const item = this instanceof Element ? this.closest(selector) : null;
      if (item && !record.items.has(item)) record.items.set(item, record.task);
      add.apply(this, args);
    };
  }, selector);
}

/** For each item that got a listener, the task of its first one. */
function firstTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => [
    ...(window as unknown as { __slices: { items: Map<Element, number> } }).__slices.items.values(),
  ]);
}

/** No two items hydrated in the same task, and none in the first pass (before any slice's task). */
function expectATaskEach(tasks: number[], count: number) {
  expect(tasks).toHaveLength(count);
  expect(new Set(tasks).size).toBe(count);
  for (const task of tasks) expect(task).toBeGreaterThan(0);
}

/** A ticket a customer opened through the API (subject: `prefix` and a unique tail), with the customer's page. */
async function customerTicket(browser: Browser, baseURL: string | undefined, prefix: string) {
  const { context: customer, page: customerPage } = await pageAs(browser, baseURL, 'customer');
  const ticket = await openTicketByApi(
    customerPage.request,
    baseURL ?? '',
    `${prefix} ${Date.now().toString(36)}`,
  );
  return { ticket, customer, customerPage };
}

test("each row of the agents' queue hydrates in a task of its own, and works after", async ({
  browser,
  baseURL,
}) => {
  const { context: customer, page: customerPage } = await pageAs(browser, baseURL, 'customer');
  const tag = `slicerow${Date.now().toString(36)}`;
  for (const n of [1, 2, 3]) {
    await openTicketByApi(customerPage.request, baseURL ?? '', `Slice row ${n} ${tag}`);
  }
  await customer.close();

  const { context, page } = await pageAs(browser, baseURL, 'agent', 375);
  const errors = collectPageErrors(page);
  await countSliceTasks(page, 'tbody tr');
  // Only this test's tickets: a ticket another test opens meanwhile would replace a row of the whole queue
  // before it hydrated, and the row made for it in the browser is not a hydrated one.
  await gotoHydrated(page, `/tickets?q=${tag}`);
  const queue = page.getByRole('table', { name: 'Ticket queue' });
  await expect(queue.locator('tbody tr')).toHaveCount(3);
  // Every row hydrated (its checkbox and link listen), each in a task of its own.
  expectATaskEach(await firstTasks(page), 3);

  // Hydrated, not just painted: selecting a row shows the bulk actions' count.
  await queue.locator('tbody tr').first().getByRole('checkbox').check();
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toContainText('1 selected');
  expect(errors).toEqual([]);
  await context.close();
});

test("a ticket's composer and sidebar hydrate in tasks of their own, and work after", async ({
  browser,
  baseURL,
}) => {
  const { ticket, customer, customerPage } = await customerTicket(browser, baseURL, 'Slices');
  for (const n of [1, 2, 3]) {
    const response = await customerPage.request.post(`/api/tickets/${ticket.id}/comments`, {
      headers: { origin: baseURL ?? '' },
      data: { body: `Still dropping, try ${n}: see https://example.com/log-${n}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await customer.close();

  const { context, page } = await pageAs(browser, baseURL, 'agent', 375);
  const errors = collectPageErrors(page);
  await countSliceTasks(page, 'fieldset');
  await gotoHydrated(page, ticket.url);
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(3);
  // The composer's and the sidebar's controls (each in a fieldset): two parts, two tasks.
  expectATaskEach(await firstTasks(page), 2);

  await page.getByLabel('Public reply to the requester').fill('Hydrated and typing');
  await expect(page.getByLabel('Public reply to the requester')).toHaveValue('Hydrated and typing');
  expect(errors).toEqual([]);
  await context.close();
});

/**
 * Before any script of the page: records every use of the locale formats. A page's first one loads the
 * browser's locale data, one task of 70-300 ms of Lighthouse's throttled CPU (src/web/features/tickets/lib/formats.ts).
 */
async function recordLocaleFormats(page: Page) {
  await page.addInitScript(() => {
    const used: string[] = [];
    Object.assign(window, { __localeFormats: used });
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of ['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'PluralRules', 'Collator']) {
      const Original = intl[name] as new (...args: unknown[]) => object;
      intl[name] = new Proxy(Original, {
        construct(target, args) {
          used.push(`Intl.${name}`);
          return new target(...args) as object;
        },
        apply(target, self, args) {
          used.push(`Intl.${name}`);
          return Reflect.apply(target, self, args) as unknown;
        },
      });
    }
    const methods: [object, string][] = [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [String.prototype, 'localeCompare'],
    ];
    for (const [prototype, name] of methods) {
      const original = (prototype as Record<string, (...args: unknown[]) => unknown>)[name];
      Object.defineProperty(prototype, name, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          used.push(name);
          return original?.apply(this, args);
        },
      });
    }
  });
}

test("the staff's ticket pages write their dates and counts without the browser's locale data", async ({
  browser,
  baseURL,
}) => {
  const { ticket, customer } = await customerTicket(browser, baseURL, 'Dates');
  await customer.close();

  const { context, page } = await pageAs(browser, baseURL, 'agent');
  await recordLocaleFormats(page);
  const used = () =>
    page.evaluate(() => (window as unknown as { __localeFormats: string[] }).__localeFormats);
  await gotoHydrated(page, '/tickets');
  // The browser wrote its own times (lib/clock-text): the count and the dates are on the page, in its zone.
  await expect(page.getByText(/^\d[\d,]* tickets?$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ticket queue' })).toContainText(
    /\w{3} \d{2} \d{4}, \d{2}:\d{2} UTC/,
  );
  expect(await used()).toEqual([]);

  await gotoHydrated(page, ticket.url);
  await expect(page.getByText(/Opened \w{3} \d{2} \d{4}, \d{2}:\d{2} UTC/)).toBeVisible();
  expect(await used()).toEqual([]);
  await context.close();
});
