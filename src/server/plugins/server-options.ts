import { ATTACHMENT_MAX_BYTES } from '../../common/attachments.js';
import type { Env } from '../env.js';
import type { TrustProxy } from './request-log.js';

const HEADERS_TIMEOUT_MS = 10_000;
const CONNECTIONS_CHECKING_INTERVAL_MS = 1000;

/** A hop count (`TRUST_PROXY=1`) becomes the function form Fastify's types accept. */
export function trustProxyOption(value: Env['TRUST_PROXY']): TrustProxy {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * Bounds on a connection's life, so no client can hold one open without limit: the headers must arrive within
 * 10 s, a body at the pace of plugins/body-pace.ts (else a 408), and an idle keep-alive connection closes
 * after KEEP_ALIVE_TIMEOUT_MS. Node checks the request timers every `connectionsCheckingInterval`; its
 * default of 30 s would let a timeout overrun by that much.
 *
 * Node's `requestTimeout` (the whole request, headers and body) stays as a backstop behind those rules rather
 * than being turned off, for a body nothing reads; but it must never cut an upload they allow. So it is the
 * longest such a request can take: its headers, the work before its body is read (the request deadline), and
 * the largest attachment at the minimum rate, plus one check interval.
 */
export function serverTimeouts(env: Env) {
  const slowestBodyMs = Math.max(
    env.BODY_RATE_GRACE_MS,
    Math.ceil((ATTACHMENT_MAX_BYTES * 1000) / env.BODY_MIN_BYTES_PER_SECOND),
  );
  return {
    requestTimeout:
      HEADERS_TIMEOUT_MS + env.REQUEST_DEADLINE_MS + slowestBodyMs + CONNECTIONS_CHECKING_INTERVAL_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    },
  };
}
