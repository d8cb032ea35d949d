import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from './error-handler.js';
import { requestOrigin } from './origin.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `true` for a vendor's webhook: it comes from the vendor's servers, never a page, and proves itself by a
     * signature over its body, which its route checks before anything changes.
     */
    signedByVendor?: true;
  }
}

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not accepted.';

/**
 * Whether a request comes from a page of our own origin: the browser says so in `Sec-Fetch-Site`, or sends
 * our origin in `Origin`. A request with neither (not a browser) does not qualify either.
 */
export function isSameOriginRequest(request: FastifyRequest, origin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const sent = request.headers.origin;
  if (typeof sent !== 'string' || sent === 'null') return false;
  try {
    return new URL(sent).origin === origin;
  } catch {
    return false;
  }
}

/**
 * CSRF defence of every state-changing request (POST, PUT, PATCH, DELETE): only pages of our own origin may
 * send them; anything else gets 403 JSON before any route runs. Cookies are SameSite=Lax as a second layer.
 */
export function registerSameOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.routeOptions.config.signedByVendor === true) return;
    if (isSameOriginRequest(request, requestOrigin(request, app.env))) return;
    request.log.info(
      { origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
      'cross-site request refused',
    );
    return reply.code(403).type('application/json; charset=utf-8').send(apiError(403, CROSS_SITE_MESSAGE));
  });
}

/**
 * For the few GET routes the spec makes change state (OAuth callbacks, the agent logout): refused when the
 * browser says the request comes from another site. Requests without `Sec-Fetch-Site` (older browsers, curl)
 * pass; state, PKCE and the flow cookie protect the callbacks anyway.
 */
export async function refuseCrossSiteGet(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return;
  await reply.code(403).type('application/json; charset=utf-8').send(apiError(403, CROSS_SITE_MESSAGE));
}
