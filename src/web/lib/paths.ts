/**
 * Every path the web app links to or routes on, in one typed object, so a renamed route is one edit and a link
 * cannot point at a path that does not exist. `path` is the router pattern (relative to the root layout),
 * `getHref` builds a concrete link. Paths named by the portal configuration (menus, footer) stay in the config.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  sla: { path: 'sla', getHref: () => '/sla' },
  /** The route segment carries the product name, e.g. /Acme-EOL-Policy (spec section 2). */
  eolPolicy: {
    path: (product: string) => `${product}-EOL-Policy`,
    getHref: (product: string) => `/${product}-EOL-Policy`,
  },
  chatbotPolicy: {
    path: (product: string) => `${product}-Chatbot-Policy`,
    getHref: (product: string) => `/${product}-Chatbot-Policy`,
  },
  serviceDescriptions: { path: 'service-descriptions', getHref: () => '/service-descriptions' },
  /** A framed service description; the router cannot match a static suffix, so the page checks for `.pdf`. */
  supportServicesDocument: {
    path: 'support-services/:file',
    getHref: (file: string) => `/support-services/${file}.pdf`,
  },
  locatingId: {
    path: 'locating-controllerid-customerid',
    getHref: () => '/locating-controllerid-customerid',
  },
  downloadProcess: { path: 'download-process', getHref: () => '/download-process' },
  /** Answered by the server with a redirect; the client route only covers an in-app navigation to it. */
  trust: { path: 'trust', getHref: () => '/trust' },
  chatbot: { getHref: () => '/chatbot' },
  docs: { getHref: () => '/docs' },
  files: {
    serviceDescription: (file: string) => `/files/service-descriptions/${file}.pdf`,
  },
  images: {
    locatingIdController: '/images/locating-id-controller.svg',
    locatingIdCopilot: '/images/locating-id-copilot.svg',
    downloadProcess: '/images/download-process.svg',
  },
  api: {
    latestKb: '/api/aggregator/latestKB',
  },
} as const;

/**
 * Paths under the site's origin that the server answers itself (a redirect, static files, the API). A client-side
 * navigation to them would render the No Page route, so links to them must be plain anchors.
 */
const serverHandledPaths = new Set<string>([paths.trust.getHref()]);
const serverHandledPrefixes = ['/files/', '/images/', '/api/'];

/** Whether `href` is a page of this app that the router can show without a full page load. */
export function isClientRoute(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const pathname = href.split(/[?#]/, 1)[0] ?? href;
  return (
    !serverHandledPaths.has(pathname) && !serverHandledPrefixes.some((prefix) => pathname.startsWith(prefix))
  );
}
