import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface E2eCustomer {
  email: string;
  name: string;
  /** The ID on file; for the legacy customer, the ID of their company's account that they give when asked. */
  providedId: string;
}

export interface E2eStaff {
  email: string;
  name: string;
  password: string;
}

export interface E2eAccounts {
  customer: E2eCustomer;
  legacy: E2eCustomer;
  /** A customer without `allowDownload` (signed in by auth.setup.ts). */
  customerWithoutDownloads: E2eCustomer;
  agent: E2eStaff;
  admin: E2eStaff;
  /** A well-formed, known ID of a company of another email domain (INVALID_EMAIL_ID for the others). */
  otherCompanyId: string;
}

/**
 * Where prepare-accounts.ts writes the run's accounts: one file per portal port, so that two runs on one
 * machine (E2E_PORT) keep theirs apart. The config and the workers compute the same path.
 */
export function accountsFile(port: number): string {
  return join(tmpdir(), `portal-e2e-accounts-${port}.json`);
}

/** The accounts prepare-accounts.ts made for the portal on `port` (the second portal has its own). */
export function accountsAt(port: number): E2eAccounts {
  return JSON.parse(readFileSync(accountsFile(port), 'utf8')) as E2eAccounts;
}

let loaded: E2eAccounts | undefined;
function load(): E2eAccounts {
  loaded ??= accountsAt(Number(process.env.E2E_PORT ?? 4300));
  return loaded;
}

/**
 * The accounts the browser tests sign in with, made for this run by prepare-accounts.ts before the portal
 * started. Read when first used, inside a test: the spec files are loaded to list the tests before the portal
 * (and the file) exist.
 */
export const accounts: E2eAccounts = {
  get customer() {
    return load().customer;
  },
  get legacy() {
    return load().legacy;
  },
  get customerWithoutDownloads() {
    return load().customerWithoutDownloads;
  },
  get agent() {
    return load().agent;
  },
  get admin() {
    return load().admin;
  },
  get otherCompanyId() {
    return load().otherCompanyId;
  },
};
