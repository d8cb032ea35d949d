import { createHmac } from 'node:crypto';

/**
 * Zendesk's webhook deliveries as Zendesk sends them (https://developer.zendesk.com/documentation/webhooks/verifying/):
 * a POST with the JSON body, `X-Zendesk-Webhook-Signature` = base64(HMACSHA256(TIMESTAMP + BODY)) under the
 * webhook's signing secret, and the timestamp in `X-Zendesk-Webhook-Signature-Timestamp`. The body is an event
 * subscription's (https://developer.zendesk.com/api-reference/webhooks/event-types/ticket-events/): `type`,
 * `id` (the event's), `time`, `subject` (`zen:ticket:<id>`) and `detail` (the ticket, `id` as text).
 * Not documented: the timestamp's exact form (ISO 8601 in seconds here).
 */

export interface WebhookDelivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export function signedDelivery(
  url: string,
  secret: string,
  ticketId: number,
  options: { at?: number; type?: string } = {},
): WebhookDelivery {
  const at = options.at ?? Date.now();
  const timestamp = new Date(Math.floor(at / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const body = JSON.stringify({
    type: options.type ?? 'zen:event-type:ticket.comment_added',
    account_id: 1,
    id: `evt-${ticketId}-${at}`,
    time: timestamp,
    zendesk_event_version: '2022-11-06',
    subject: `zen:ticket:${ticketId}`,
    detail: { id: String(ticketId) },
  });
  const signature = createHmac('sha256', secret)
    .update(timestamp + body)
    .digest('base64');
  return {
    url,
    body,
    headers: {
      'content-type': 'application/json',
      'x-zendesk-webhook-signature': signature,
      'x-zendesk-webhook-signature-timestamp': timestamp,
    },
  };
}

/** Sends a delivery (again, for a replay); answers the status. */
export async function deliver(delivery: WebhookDelivery): Promise<number> {
  const answer = await fetch(delivery.url, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
  await answer.text();
  return answer.status;
}
