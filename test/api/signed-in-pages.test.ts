import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, signInWithPassword, type Browser } from '../support/auth-flow.js';
import { createAgent, createTicket, uniqueSuffix } from '../support/factories.js';
import { createSourceBuild, dehydratedKeys, inHtml, portalState } from '../support/rendered-pages.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const PROTECTED_ARTICLE = 'license-activation-customer-id';
const PROTECTED_TEXT = 'The controller is licensed with the Customer ID issued with your subscription.';

/**
 * A signed-in visitor gets a render of their own, through the web app's own SSR entry: their name
 * in the header, the data as the API gives it to them, `private, no-store`, and never the page kept for
 * visitors without a session nor one rendered for someone else.
 */
describe('pages rendered for the signed-in visitor', () => {
  let t: TestApp;
  let build: Awaited<ReturnType<typeof createSourceBuild>>;
  let ada: Browser;
  let bob: Browser;
  let adaId: string;
  const adaName = `Ada Quill ${uniqueSuffix()}`;
  const bobName = `Bob Marsh ${uniqueSuffix()}`;

  beforeAll(async () => {
    build = await createSourceBuild();
    t = await createTestApp({ distDir: build.dir, accounts: false });
    const first = await createAgent(t.app, { name: adaName });
    const second = await createAgent(t.app, { name: bobName });
    adaId = first.id;
    ada = await signInWithPassword(t.app, first.email, first.password);
    bob = await signInWithPassword(t.app, second.email, second.password);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await build?.remove();
  });

  it('names the visitor on their page, never another user, and keeps it out of every cache', async () => {
    // The shared render exists first: a signed-in request must not be answered with it.
    const anonymous = await t.app.inject({ method: 'GET', url: '/' });
    expect(anonymous.headers.etag).toBeDefined();
    expect(anonymous.body).not.toContain(adaName);

    const mine = await get(ada, '/');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect(mine.body).toContain(inHtml(adaName));
    expect(mine.body).not.toContain(inHtml(bobName));
    expect(portalState<{ user: { id: string; name: string } | null }>(mine.body).user).toMatchObject({
      id: adaId,
      name: adaName,
    });

    const theirs = await get(bob, '/');
    expect(theirs.body).toContain(inHtml(bobName));
    expect(theirs.body).not.toContain(inHtml(adaName));
    // Ada again, after Bob: her own page, not the last one rendered.
    expect((await get(ada, '/')).body).not.toContain(inHtml(bobName));
    expect(portalState<{ user: unknown }>(anonymous.body).user).toBeNull();
  });

  it('a page behind sign-in is rendered for its user, not as the sign-in prompt', async () => {
    const chat = await get(ada, '/chatbot');
    expect(chat.statusCode).toBe(200);
    expect(chat.body.replace(/<!-- -->/g, '')).toContain(`Hello, ${inHtml(adaName)}.`);
    const visitor = await t.app.inject({ method: 'GET', url: '/chatbot' });
    expect(visitor.body).not.toContain('Hello, ');
  });

  it('the data in the page is what the API gives this user: a protected article and their searches', async () => {
    const article = await get(ada, `/docs?article=${PROTECTED_ARTICLE}`);
    expect(article.body).toContain(PROTECTED_TEXT);
    expect(dehydratedKeys(article.body)).toContainEqual(['docs', 'article', adaId, PROTECTED_ARTICLE]);
    const visitor = await t.app.inject({ method: 'GET', url: `/docs?article=${PROTECTED_ARTICLE}` });
    expect(visitor.body).not.toContain(PROTECTED_TEXT);

    // Tickets are searched by agents only: in Ada's render, under her key, and not in a visitor's.
    const subject = `Zorblax tunnel flaps ${uniqueSuffix()}`;
    await createTicket(t.app, { requesterEmail: `someone-${uniqueSuffix()}@example.com`, subject });
    const search = await get(ada, '/search?q=zorblax');
    expect(search.body).toContain('Zorblax');
    expect(dehydratedKeys(search.body)).toContainEqual([
      'search',
      'all',
      `agent:${adaId}`,
      'zorblax',
      '',
      false,
    ]);
    const anonymousSearch = await t.app.inject({ method: 'GET', url: '/search?q=zorblax' });
    expect(anonymousSearch.body).not.toContain('Zorblax');
  });
});
