import path from 'node:path';

/**
 * The third portal of the browser tests: the same build with the demo data and nothing else on, on its own
 * port (E2E_PORT + 60) and database, for the screenshot tests alone (test/e2e/screenshots/). The other specs
 * create notices and tickets as they run; a page drawn from data that changes with the order of the tests
 * could not be compared with a committed picture. Here only the screenshot setup writes, and the same notices
 * every run. Its users are the demo accounts (README), whose names are the same in every run.
 */
const port = Number(process.env.E2E_PORT ?? 4300) + 60;

const AUTH_DIR = path.join(process.cwd(), 'playwright', '.auth');

export const screenshotPortal = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  customer: { email: 'customer@example.com', name: 'Casey Customer' },
  agent: { email: 'agent@acme.example', name: 'Alex Agent', password: 'demo' },
  admin: { email: 'admin@acme.example', name: 'Ada Admin', password: 'demo' },
  state: {
    customer: path.join(AUTH_DIR, 'screens-customer.json'),
    agent: path.join(AUTH_DIR, 'screens-agent.json'),
    admin: path.join(AUTH_DIR, 'screens-admin.json'),
  },
} as const;

export type ScreenshotRole = keyof typeof screenshotPortal.state;
