import helmet, { contentSecurityPolicy } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { PageSources } from '../connectors/page-sources.js';

/**
 * Content Security Policy of every answer (pages, API, static files, Swagger UI).
 * - Scripts only from our origin, never inline: the SSR state travels in a `type="application/json"` element,
 *   which is data, not script.
 * - Inline styles are allowed because Mantine writes `style` attributes into server-rendered markup.
 * - Frames from our own origin only: the service description PDFs are shown in an iframe.
 * - No `upgrade-insecure-requests`: TLS ends at the load balancer, and on a plain-HTTP machine (a laptop, a
 *   test run on another host name) the directive would send every asset request to an HTTPS port that does
 *   not exist. HSTS covers production.
 */
export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * CSP of PDF files. Chrome shows a PDF through an internal `<embed>` governed by the response's own CSP, so
 * `object-src 'none'` (or a `default-src` without inline styles) blanks the viewer (crbug.com/271452). A PDF
 * runs none of our scripts, so only the framing rule is kept; nosniff and X-Frame-Options still apply.
 */
export const PDF_CONTENT_SECURITY_POLICY = "frame-ancestors 'self'";

/**
 * helmet with the portal's own policy, for the answers Fastify gives before any hook runs
 * (plugins/framework-errors.ts): a JSON error, which loads nothing from elsewhere.
 */
export const applyDefaultSecurityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
  frameguard: { action: 'sameorigin' },
});

/** The portal's directives; with `sources` (what every page loads from elsewhere), widened by those alone. */
export type Directives = Record<string, readonly string[] | null>;

/**
 * `everywhere`: origins every answer must allow (the browser monitoring agent, when configured); the policy
 * is the portal's own otherwise.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  everywhere: PageSources = {},
): Promise<void> {
  // helmet itself, built once: the Fastify wrapper builds the middleware again on every request (parsing the
  // CSP directives each time), a measurable share of a cached search's CPU.
  const applyHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: pageDirectives(everywhere) },
    // X-Frame-Options backs up frame-ancestors for old browsers; the PDFs are framed by our own pages.
    frameguard: { action: 'sameorigin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/pdf')) {
      reply.header('content-security-policy', PDF_CONTENT_SECURITY_POLICY);
    }
    return payload;
  });
}

/**
 * The directives of one page that loads a third party's code or images (a connector's `PageSources`): ours,
 * each widened by the origins it names; a directive we do not set starts from `default-src`.
 */
export function pageDirectives(
  sources: PageSources,
  base: Directives = contentSecurityPolicyDirectives,
): Directives {
  const directives: Directives = { ...base };
  for (const [name, origins] of Object.entries(sources)) {
    const own = directives[name] ?? base.defaultSrc ?? contentSecurityPolicyDirectives.defaultSrc;
    directives[name] = [...own, ...origins];
  }
  return directives;
}

/**
 * Sends `pageDirectives(sources)` instead of the portal's CSP with the page at `path` alone (both its
 * spellings, with and without a trailing slash), so a third party's script is allowed there and nowhere
 * else. Registered after `registerSecurityHeaders`, so it replaces that header. Nothing to register when the
 * page needs no other origin.
 */
export function registerPageContentSecurity(
  app: FastifyInstance,
  options: { path: string; sources: PageSources; everywhere?: PageSources },
): void {
  if (Object.keys(options.sources).length === 0) return;
  const applyPolicy = contentSecurityPolicy({
    useDefaults: false,
    directives: pageDirectives(options.sources, pageDirectives(options.everywhere ?? {})),
  });
  app.addHook('onRequest', (request, reply, done) => {
    const pathname = request.url.split('?')[0];
    if (pathname !== options.path && pathname !== `${options.path}/`) {
      done();
      return;
    }
    applyPolicy(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}
