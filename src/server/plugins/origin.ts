import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.js';

/**
 * The portal's own origin for this request: PUBLIC_URL when set (behind a proxy that rewrites the host),
 * else the protocol and Host of the request (X-Forwarded-* only when TRUST_PROXY trusts the hop). Default
 * ports are dropped, as browsers do in the Origin header.
 */
export function requestOrigin(request: FastifyRequest, env: Pick<Env, 'PUBLIC_URL'>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `${request.protocol}://invalid-host`;
  }
}

/** Whether the browser talks to us over HTTPS: cookies then get Secure and the `__Host-` prefix. */
export function isSecureOrigin(request: FastifyRequest, env: Pick<Env, 'PUBLIC_URL'>): boolean {
  return requestOrigin(request, env).startsWith('https://');
}

/**
 * The origin of links in mail. A mail is read away from the request that caused it, so its links never come
 * from a request header (a forged Host would point the on-call mail at another site): PUBLIC_URL, which
 * production requires, else the address this server listens on.
 */
export function mailOrigin(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  const anyAddress = env.HOST === '0.0.0.0' || env.HOST === '::';
  const host = anyAddress ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return new URL(`http://${host}:${env.PORT}`).origin;
}
