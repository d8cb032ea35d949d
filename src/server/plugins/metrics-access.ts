import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from './request-log.js';

export interface MetricsAccessOptions {
  /** METRICS_ALLOW_FROM: addresses and CIDRs (or proxy-addr's names `loopback`, ...); empty: none. */
  allowFrom: readonly string[];
  /** METRICS_TOKEN: a scraper sending `Authorization: Bearer <token>` is let in from anywhere. */
  token: string | undefined;
  trustProxy: TrustProxy;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

function forwardedCount(req: IncomingMessage): number {
  const header = req.headers['x-forwarded-for'];
  if (header === undefined) return 0;
  return (Array.isArray(header) ? header.join(',') : header).split(',').filter((part) => part.trim()).length;
}

/**
 * Who may read `/metrics`: a request with the token, or one whose client address is allowed. The address is
 * the one the app sees everywhere (`request.ip` under TRUST_PROXY), with two refusals on top, so that a
 * proxy in front never lends its own address to the whole internet:
 * - a request carrying `X-Forwarded-For` entries the trusted proxies did not vouch for was forwarded by a hop
 *   the portal does not trust (nginx on the same machine without TRUST_PROXY): its peer address proves nothing
 *   (entries left of the address the trusted proxies saw are the client's own claims, and are ignored);
 * - with TRUST_PROXY=true every hop is believed, so any client can name any address: only a request with no
 *   `X-Forwarded-For` at all is judged by its address then.
 */
export function metricsAccess(options: MetricsAccessOptions): (req: IncomingMessage) => boolean {
  const allowed = options.allowFrom.length > 0 ? proxyAddr.compile([...options.allowFrom]) : () => false;
  const trust = options.trustProxy;
  const trusted =
    trust === false
      ? () => false
      : trust === true
        ? () => true
        : typeof trust === 'string'
          ? proxyAddr.compile(trust.split(',').map((value) => value.trim()))
          : trust;
  const tokenDigest = options.token === undefined ? undefined : digest(options.token);

  const hasToken = (req: IncomingMessage): boolean => {
    const header = req.headers.authorization;
    if (tokenDigest === undefined || typeof header !== 'string') return false;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    // Compared as digests: equal lengths, and a constant time that says nothing of the token's length.
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), tokenDigest);
  };

  const fromAllowedAddress = (req: IncomingMessage): boolean => {
    const forwarded = forwardedCount(req);
    if (trust === true && forwarded > 0) return false;
    // The socket's address, then each forwarded one a trusted hop vouched for, up to the first untrusted.
    const chain = proxyAddr.all(req, trusted);
    // The peer itself is not trusted yet forwarded the request: whoever sent it to that peer is unknown.
    if (chain.length === 1 && forwarded > 0) return false;
    const client = chain.at(-1);
    return client !== undefined && allowed(client, 0);
  };

  return (req) => hasToken(req) || fromAllowedAddress(req);
}
