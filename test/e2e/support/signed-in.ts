import path from 'node:path';

/** Where the setup project (auth.setup.ts) saves each role's signed-in browser state (gitignored). */
const AUTH_DIR = path.join(process.cwd(), 'playwright', '.auth');

export type SignedInRole = 'customer' | 'agent' | 'admin';

export const AUTH_STATE: Record<SignedInRole, string> = {
  customer: path.join(AUTH_DIR, 'customer.json'),
  agent: path.join(AUTH_DIR, 'agent.json'),
  admin: path.join(AUTH_DIR, 'admin.json'),
};
