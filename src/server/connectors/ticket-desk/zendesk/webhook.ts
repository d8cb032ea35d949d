import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../../common/api-paths.js';
import { apiErrorSchema } from '../../../../common/contracts/api-error.js';
import { ServiceError } from '../../../lib/errors.js';

/**
 * Zendesk's webhook for changes made in Zendesk (an agent's reply in the agent console): signed as Zendesk signs,
 * "base64(HMACSHA256(TIMESTAMP + BODY))" with the webhook's signing secret, in `X-Zendesk-Webhook-Signature`
 * and `X-Zendesk-Webhook-Signature-Timestamp` ("These signatures will also help prevent against replay
 * attacks", https://developer.zendesk.com/documentation/webhooks/verifying/). A wrong signature is refused 401;
 * a timestamp more than {@link WEBHOOK_TOLERANCE_MS} from now is refused too; a signature seen before within
 * that window is a replay: answered 200 (Zendesk must not retry it) and ignored.
 *
 * The body names the ticket: an event subscription's `detail.id`
 * (https://developer.zendesk.com/api-reference/webhooks/event-types/ticket-events/), or `ticket_id` in the JSON
 * body an admin gives a trigger's webhook (`{"ticket_id": "{{ticket.id}}"}`). Not documented: the timestamp's
 * form; read as an ISO date or epoch seconds.
 */

export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;
/** A webhook's body is a small JSON document; more is refused before it is read whole. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function zendeskSignature(secret: string, timestamp: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(timestamp).update(body).digest('base64');
}

const signatureMatches = (expected: string, sent: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
};

const timestampMs = (timestamp: string): number | undefined => {
  if (/^\d{9,11}$/.test(timestamp)) return Number(timestamp) * 1000;
  const parsed = Date.parse(timestamp);
  return Number.isNaN(parsed) ? undefined : parsed;
};

const webhookBodySchema = z.union([
  z.object({ detail: z.object({ id: z.union([z.string().regex(/^\d{1,12}$/), z.number().int()]) }) }),
  z.object({ ticket_id: z.union([z.string().regex(/^\d{1,12}$/), z.number().int()]) }),
]);

export type WebhookVerdict =
  | { kind: 'refused'; reason: string }
  | { kind: 'invalid' }
  | { kind: 'replay' }
  | { kind: 'ticket'; id: number };

/** Deliveries a minute from one address: Zendesk sends one per change; a burst of bulk updates stays under it. */
export const WEBHOOK_PER_MINUTE = 600;

/** Checks one delivery; remembers good signatures for the tolerance window, so a replay is known. */
export function createWebhookVerifier(options: { secret: string; now?: () => number }) {
  const now = options.now ?? Date.now;
  const seen = new Map<string, number>();
  return (headers: { signature?: string; timestamp?: string }, body: Buffer): WebhookVerdict => {
    const { signature, timestamp } = headers;
    if (!signature || !timestamp) return { kind: 'refused', reason: 'unsigned' };
    if (!signatureMatches(zendeskSignature(options.secret, timestamp, body), signature)) {
      return { kind: 'refused', reason: 'bad signature' };
    }
    const at = timestampMs(timestamp);
    if (at === undefined || Math.abs(now() - at) > WEBHOOK_TOLERANCE_MS) {
      return { kind: 'refused', reason: 'stale timestamp' };
    }
    for (const [key, expires] of seen) if (expires <= now()) seen.delete(key);
    if (seen.has(signature)) return { kind: 'replay' };
    seen.set(signature, now() + 2 * WEBHOOK_TOLERANCE_MS);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return { kind: 'invalid' };
    }
    const named = webhookBodySchema.safeParse(parsed);
    if (!named.success) return { kind: 'invalid' };
    const id = Number('detail' in named.data ? named.data.detail.id : named.data.ticket_id);
    return { kind: 'ticket', id };
  };
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The webhook's endpoint: `POST /api/zendesk/ticketWebhook`, signed by Zendesk, not by a page of ours. */
export const zendeskWebhookRoutes =
  (options: {
    secret: string;
    changed: (ticketId: number) => Promise<void>;
    now?: () => number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const verify = createWebhookVerifier(options);
    // The signature is over the bytes as sent: this plugin's one route reads its body raw.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    app.post(
      apiPaths.helpdesk.ticketWebhook,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        config: {
          signedByVendor: true,
          rateLimit: { max: WEBHOOK_PER_MINUTE, timeWindow: 60_000 },
        },
        schema: {
          tags: ['helpdesk'],
          summary: "Zendesk's webhook: a ticket changed in Zendesk",
          description:
            'Signed by Zendesk (X-Zendesk-Webhook-Signature over the timestamp and the body). A wrong or stale ' +
            'signature answers 401; a replay answers 200 and changes nothing; a good one fires the live ticket event.',
          response: { 200: z.object({ ok: z.literal(true) }), 401: apiErrorSchema, 400: apiErrorSchema },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const verdict = verify(
          {
            signature: header(request.headers['x-zendesk-webhook-signature']),
            timestamp: header(request.headers['x-zendesk-webhook-signature-timestamp']),
          },
          body,
        );
        if (verdict.kind === 'refused') {
          request.log.warn({ reason: verdict.reason }, 'zendesk webhook refused');
          throw new ServiceError('UNAUTHENTICATED', 'The webhook signature is not valid.');
        }
        if (verdict.kind === 'invalid') {
          throw new ServiceError('INVALID_INPUT', 'The webhook names no ticket.');
        }
        if (verdict.kind === 'ticket') await options.changed(verdict.id);
        return { ok: true as const };
      },
    );
  };
