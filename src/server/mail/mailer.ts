import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing mail. One implementation sends over SMTP, the other writes the message to the log. */
export interface Mailer {
  /** Sends one message; rejects when the mail server refuses it. */
  send(message: MailMessage): Promise<void>;
  /** Releases pooled connections. */
  close(): void;
}

export interface CreateMailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://...`; unset = the log mailer. */
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}

/**
 * Over SMTP when `SMTP_URL` is set. Without it the whole message (one-time codes included) goes to the log at
 * info level: that is how a developer signs in on a laptop with no mail server.
 */
export function createMailer(options: CreateMailerOptions): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(message) {
        log.info(
          { mail: { to: message.to, subject: message.subject } },
          `mail (SMTP_URL unset):\n${message.text}`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close() {
      transport.close();
    },
  };
}
