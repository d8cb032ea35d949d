import { S3_FAKE_CREDENTIALS } from '../../fakes/s3/index';

/**
 * The vendor profile's portal (playwright.vendors.config.ts): the same build with every vendor adapter written
 * so far pointed at its fake (test/fakes/start-all.ts), on its own port and database. Its ports sit beside the
 * main run's (E2E_PORT + 30 for the portal, E2E_PORT + 40 for the fakes), so two runs with their own E2E_PORT
 * never meet.
 */
const base = Number(process.env.E2E_PORT ?? 4300);
const port = base + 30;
const fakesPort = Number(process.env.FAKES_PORT ?? base + 40);

export const vendorPortal = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  /** The demo admin: every demo account may download, and staff sign in with a password (no mail needed). */
  admin: { email: 'admin@acme.example', password: 'demo', name: 'Ada Admin' },
};

export const vendorFakes = {
  s3: {
    port: fakesPort,
    url: `http://127.0.0.1:${fakesPort}`,
    bucket: 'support-portal',
    region: 'us-east-1',
    credentials: S3_FAKE_CREDENTIALS,
  },
};
