import type { Browser } from '@playwright/test';
import path from 'node:path';

/** Where the setup project (auth.setup.ts) saves each role's signed-in browser state (gitignored). */
const AUTH_DIR = path.join(process.cwd(), 'playwright', '.auth');

/** The roles, and a customer without download permission (`allowDownload` false). */
export type SignedInRole = 'customer' | 'customerWithoutDownloads' | 'agent' | 'admin';

export const AUTH_STATE: Record<SignedInRole, string> = {
  customer: path.join(AUTH_DIR, 'customer.json'),
  customerWithoutDownloads: path.join(AUTH_DIR, 'customer-without-downloads.json'),
  agent: path.join(AUTH_DIR, 'agent.json'),
  admin: path.join(AUTH_DIR, 'admin.json'),
};

/**
 * A page in a browser context of its own, signed in as `role` (signed out without one), at `width` px when
 * given (900 px high). Close the context when done.
 */
export async function pageAs(
  browser: Browser,
  baseURL: string | undefined,
  role?: SignedInRole,
  width?: number,
) {
  const context = await browser.newContext({
    ...(role ? { storageState: AUTH_STATE[role] } : {}),
    baseURL,
    ...(width === undefined ? {} : { viewport: { width, height: 900 } }),
  });
  return { context, page: await context.newPage() };
}
