/**
 * The second portal of the browser tests: the same build with the Intercom chat adapter on, on its own port
 * (E2E_PORT + 50, so two runs with their own E2E_PORT never meet) and database. Only chatbot-intercom.spec.ts
 * uses it; every other spec keeps the portal with the built-in assistant. The widget's URL is answered by a
 * stub in the browser (page.route), so nothing reaches Intercom.
 */
const port = Number(process.env.E2E_PORT ?? 4300) + 50;

export const intercomPortal = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  appId: 'e2eapp01',
  identitySecret: 'e2e-intercom-identity-verification-secret',
  /** A workspace hosted in the EU: the Messenger must boot at the EU's `api_base`. */
  region: 'eu',
  apiBase: 'https://api-iam.eu.intercom.io',
};
