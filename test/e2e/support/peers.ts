/**
 * Where the test peers listen (test/e2e/support/peers-server.ts starts them; playwright.config.ts points the
 * portal at them). Fixed ports, next to the portal's own (E2E_PORT, default 4300), overridable for a machine
 * where they are taken.
 */
const base = Number(process.env.E2E_PEERS_PORT ?? 4310);

export const peerPorts = {
  /** The SMTP sink: the portal sends its one-time codes here (SMTP_URL). */
  smtp: base,
  /** The OpenID Connect provider (OIDC_ISSUER): the corporate identity provider of agent sign-in. */
  oidc: base + 1,
  /** The mailbox: `GET /codes/:email` answers the latest one-time code the sink received for that address. */
  mailbox: base + 2,
  /** A fake OpenAI-compatible model (ASSISTANT_LLM_URL): the assistant's written answers. */
  model: base + 3,
} as const;

export const mailboxUrl = `http://127.0.0.1:${peerPorts.mailbox}`;
export const oidcIssuer = `http://127.0.0.1:${peerPorts.oidc}`;
export const smtpUrl = `smtp://127.0.0.1:${peerPorts.smtp}`;
export const modelUrl = `http://127.0.0.1:${peerPorts.model}/v1`;
export const modelApiKey = 'sk-e2e-fake-model-key';

/** The portal's registration at the test identity provider. */
export const oidcClient = {
  id: 'support-portal-e2e',
  secret: 'e2e-client-secret-that-is-long-enough-to-be-realistic',
} as const;
