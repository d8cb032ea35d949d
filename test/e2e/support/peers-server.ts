/**
 * The protocol peers of the browser tests, as one process that Playwright starts before the portal (a second
 * `webServer` in playwright.config.ts): the SMTP sink the portal mails its one-time codes to, the OpenID Connect
 * provider of agent sign-in, a fake OpenAI-compatible model that writes the assistant's answers (slowly enough
 * that a test sees them stream in), and a small HTTP mailbox through which the specs read the codes.
 *
 *   GET /ready          200 once everything listens (Playwright's readiness check)
 *   GET /codes/:email   200 {code, receivedAt} of the latest mail to that address with a six-digit code, else 404
 *   GET /mails/:email   200 {mails: [{body, receivedAt}]}, every mail to that address (ticket mail)
 *
 * Run: node --import tsx test/e2e/support/peers-server.ts   (PORTAL_ORIGIN names the portal for the redirect URI)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { startFakeModel } from '../../support/fake-model';
import { startOidcProvider } from '../../support/peers/oidc-provider';
import { startSmtpSink, type ReceivedMail } from '../../support/peers/smtp-sink';
import { modelApiKey, oidcClient, peerPorts } from './peers';

const portalOrigin = process.env.PORTAL_ORIGIN ?? 'http://127.0.0.1:4300';

const sink = await startSmtpSink({ port: peerPorts.smtp });
const idp = await startOidcProvider({
  port: peerPorts.oidc,
  clientId: oidcClient.id,
  clientSecret: oidcClient.secret,
  redirectUris: [`${portalOrigin}/login/callback`],
  // Empty until the run's agents and admins are provisioned (prepare-accounts.ts, POST /idp/accounts).
  accounts: [],
});

// Its default reply: the first passage's first sentence, cited, a word every 60 ms.
await startFakeModel({ port: peerPorts.model, apiKey: modelApiKey, pieceDelayMs: 60 });

const CODE = /\b(\d{6})\b/;

function latestCode(email: string): { code: string; receivedAt: number } | null {
  const address = email.toLowerCase();
  const mails: readonly ReceivedMail[] = sink.messages;
  for (let i = mails.length - 1; i >= 0; i--) {
    const mail = mails[i];
    const code = mail && mail.to.includes(address) ? CODE.exec(mail.body)?.[1] : undefined;
    if (mail && code) return { code, receivedAt: mail.receivedAt.getTime() };
  }
  return null;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** `POST /idp/accounts {email, name}`: the run's agents are provisioned in the identity provider too. */
async function addIdpAccount(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  const body = JSON.parse(text) as { email?: unknown; name?: unknown };
  if (typeof body.email !== 'string' || typeof body.name !== 'string')
    return send(res, 400, { error: 'email and name are required' });
  idp.addAccount({ email: body.email, name: body.name });
  return send(res, 201, { email: body.email });
}

const mailbox = createServer((req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://mailbox.invalid');
  if (req.method === 'POST' && url.pathname === '/idp/accounts') {
    addIdpAccount(req, res).catch(() => send(res, 400, { error: 'Bad JSON' }));
    return;
  }
  if (req.method !== 'GET') return send(res, 405, { error: 'Method Not Allowed' });
  if (url.pathname === '/ready') return send(res, 200, { smtp: sink.url, oidc: idp.issuer });
  const mails = /^\/mails\/([^/]+)$/.exec(url.pathname);
  if (mails?.[1]) {
    const address = decodeURIComponent(mails[1]).toLowerCase();
    const bodies = sink.messages
      .filter((mail) => mail.to.includes(address))
      .map((mail) => ({ body: mail.body, receivedAt: mail.receivedAt.getTime() }));
    return send(res, 200, { mails: bodies });
  }
  const match = /^\/codes\/([^/]+)$/.exec(url.pathname);
  if (!match?.[1]) return send(res, 404, { error: 'Not Found' });
  const entry = latestCode(decodeURIComponent(match[1]));
  return entry ? send(res, 200, entry) : send(res, 404, { error: 'No code mailed to this address yet' });
});
await new Promise<void>((resolve, reject) => {
  mailbox.once('error', reject);
  mailbox.listen(peerPorts.mailbox, '127.0.0.1', () => resolve());
});

console.log(`peers: SMTP ${sink.url}, OIDC ${idp.issuer}, mailbox http://127.0.0.1:${peerPorts.mailbox}`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  mailbox.closeAllConnections();
  await Promise.all([
    sink.stop(),
    idp.stop(),
    new Promise<void>((resolve) => mailbox.close(() => resolve())),
  ]);
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
