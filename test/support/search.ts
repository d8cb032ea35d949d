import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  searchResponseSchema,
  SOURCE_KEYS,
  type SearchResponse,
  type SourceKey,
} from '../../src/common/contracts/search.js';
import type { App } from '../../src/server/app.js';
import { get, newBrowser, post, signInCustomer, signInWithPassword, type Browser } from './auth-flow.js';
import {
  createAdmin,
  createAgent,
  createCustomer,
  type CreatedCustomer,
  type CreatedStaff,
} from './factories.js';
import { createMailTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/** Helpers of the search API tests: calls as a browser (cookies, same origin) and contract checks. */

export function searchUrl(query: string, path = '/api/aggregator/search'): string {
  return `${path}?searchValue=${encodeURIComponent(query)}`;
}

export async function searchRaw(
  browser: Browser,
  query: string,
  filter?: SourceKey[],
  path?: string,
): Promise<LightMyRequestResponse> {
  return post(browser, searchUrl(query, path), filter ? { filter } : {});
}

/** Searches and parses the answer with the contract schema (fails the test on any deviation). */
export async function search(
  browser: Browser,
  query: string,
  filter?: SourceKey[],
  path?: string,
): Promise<SearchResponse> {
  const res = await searchRaw(browser, query, filter, path);
  expect(res.statusCode, res.body).toBe(200);
  return searchResponseSchema.parse(res.json());
}

export function anonymous(app: App): Browser {
  return newBrowser(app);
}

/**
 * A test app with the demo content and a browser per role, each signed in once as a user of its own (made by
 * the factories, not a demo account).
 */
export interface RoleBrowsers {
  t: TestApp;
  visitor: Browser;
  customer: Browser;
  agent: Browser;
  admin: Browser;
  /** Who each browser is signed in as. */
  users: { customer: CreatedCustomer; agent: CreatedStaff; admin: CreatedStaff };
  /** Closes the app and the SMTP sink the customer's sign-in code went through. */
  close(): Promise<void>;
}

export async function startWithRoleBrowsers(
  options: Pick<TestAppOptions, 'contentDir'> = {},
): Promise<RoleBrowsers> {
  // The signed-in users are the test's own; the demo accounts are not seeded.
  const t = await createMailTestApp({ ...options, accounts: false });
  try {
    const users = {
      customer: await createCustomer(t.app),
      agent: await createAgent(t.app),
      admin: await createAdmin(t.app),
    };
    return {
      t,
      visitor: anonymous(t.app),
      customer: await signInCustomer(t.app, t.sink, users.customer.email),
      agent: await signInWithPassword(t.app, users.agent.email, users.agent.password),
      admin: await signInWithPassword(t.app, users.admin.email, users.admin.password),
      users,
      close: () => t.close(),
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}

export function getPage(browser: Browser, path: string, query: string, page?: number) {
  return get(browser, `${searchUrl(query, path)}${page === undefined ? '' : `&page=${page}`}`);
}

/** The groups present in an answer, in the order the answer holds them. */
export function groupKeys(response: SearchResponse): string[] {
  return Object.keys(response).filter((key) => (SOURCE_KEYS as readonly string[]).includes(key));
}

/** Visible text of a highlighted snippet. */
export const visibleText = (html: string): string =>
  html
    .replace(/<\/?mark>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
