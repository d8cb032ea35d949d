import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (the `smtp-server` package) that keeps every message it receives. Independent
 * of any test runner: Vitest API tests and Playwright specs both use it.
 *
 *   const sink = await startSmtpSink();          // listens on 127.0.0.1, a free port
 *   process.env.SMTP_URL = sink.url;             // smtp://127.0.0.1:<port> (no TLS, no auth)
 *   const code = await sink.waitForCode('customer@example.com'); // the six digits of the next mail there
 *   await sink.stop();
 */

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  /** The raw message (headers and body) as received. */
  raw: string;
  /** The body, with quoted-printable soft line breaks and escapes undone. */
  body: string;
  receivedAt: Date;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`: what the portal's SMTP_URL should be. */
  url: string;
  port: number;
  /** Every message received so far, oldest first. */
  messages: readonly ReceivedMail[];
  /**
   * Resolves with the next message to `email` not yet handed out by this method (so consecutive calls give
   * consecutive mails); waits for it up to `timeoutMs` (default 10 s), then rejects.
   */
  waitForMail(email: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  /** Like waitForMail, then extracts the first six-digit number of the body (the one-time code). */
  waitForCode(email: string, options?: { timeoutMs?: number }): Promise<string>;
  /** Stops listening. */
  stop(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function bodyOf(raw: string): string {
  const separator = raw.search(/\r?\n\r?\n/);
  const headers = separator < 0 ? '' : raw.slice(0, separator);
  const body = separator < 0 ? raw : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  return /content-transfer-encoding:\s*quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : body;
}

export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const handedOut = new Set<ReceivedMail>();

  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS offered (nodemailer would otherwise upgrade) and no login needed.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          body: bodyOf(raw),
          receivedAt: new Date(),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  function nextFor(email: string): ReceivedMail | undefined {
    const address = email.toLowerCase();
    return messages.find((mail) => !handedOut.has(mail) && mail.to.includes(address));
  }

  async function waitForMail(email: string, waitOptions: { timeoutMs?: number } = {}): Promise<ReceivedMail> {
    const timeoutMs = waitOptions.timeoutMs ?? 10_000;
    const found = await new Promise<ReceivedMail>((resolve, reject) => {
      const check = (): boolean => {
        const mail = nextFor(email);
        if (!mail) return false;
        handedOut.add(mail);
        resolve(mail);
        return true;
      };
      if (check()) return;
      const wake = (): void => {
        if (check()) {
          waiters.delete(wake);
          clearTimeout(timer);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no mail to ${email} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(wake);
    });
    return found;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMail,
    async waitForCode(email, waitOptions) {
      const mail = await waitForMail(email, waitOptions);
      const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
      if (!code) throw new Error(`the mail to ${email} holds no six-digit code:\n${mail.body}`);
      return code;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
