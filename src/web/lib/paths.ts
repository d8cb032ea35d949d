import { apiPaths } from '../../common/api-paths';
import { CHATBOT_PAGE_PATH } from '../../common/chat';
import { DOCS_PAGE_PATH } from '../../common/docs';

/** `path` with the defined entries of `params` as its query string. */
function withSearch(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return query ? `${path}?${query}` : path;
}

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
  /** A service description in the PDF page; the router cannot match a static suffix, so the page checks for `.pdf`. */
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
  trust: { path: 'trust', getHref: () => apiPaths.redirects.trust },
  /**
   * Requires sign-in (spec section 2); a signed-out visitor is sent to sign-in and brought back here. `?q=`
   * puts a question in the box, unsent (the zero-result search page's "Ask the assistant").
   */
  chatbot: {
    path: 'chatbot',
    getHref: (params?: { q: string }) => withSearch(CHATBOT_PAGE_PATH, params ?? {}),
  },
  /** Federated search; the URL carries `q`, `sources`, `chip` and `page`. */
  search: {
    path: 'search',
    /** With `q`, the results of that query. */
    getHref: (params?: { q: string }) =>
      params ? `/search?${new URLSearchParams({ q: params.q }).toString()}` : '/search',
  },
  /**
   * The Tech Hub knowledge base; `?article=<id or slug>` opens an article, `?section=<slug>` lists a section's
   * articles, `?q=` searches it.
   */
  docs: {
    path: 'docs',
    getHref: (params?: { article?: string; section?: string; q?: string }) =>
      withSearch(DOCS_PAGE_PATH, params ?? {}),
  },
  adminSearchAnalytics: { path: 'admin/search-analytics', getHref: () => '/admin/search-analytics' },
  adminContentSync: { path: 'admin/content-sync', getHref: () => '/admin/content-sync' },
  adminCannedReplies: { path: 'admin/canned-replies', getHref: () => '/admin/canned-replies' },
  tickets: { path: 'tickets', getHref: () => '/tickets' },
  /**
   * Ticket Creation; `?priority=P1&type=...` chooses them in advance (the home page's outage message),
   * `?subject=` fills in the subject (the zero-result search page's "Create a ticket").
   */
  newTicket: {
    path: 'tickets/new',
    getHref: (preset?: { priority?: string; type?: string; subject?: string }) =>
      withSearch('/tickets/new', preset ?? {}),
  },
  ticket: { path: 'tickets/:id', getHref: (id: number) => `/tickets/${id}` },
  downloads: { path: 'downloads', getHref: () => '/downloads' },
  /** The API Collection page (the spec leaves it unrouted; the download pages link to it). */
  apiCollection: { path: 'downloads/api-collection', getHref: () => '/downloads/api-collection' },
  downloadRecords: { path: 'admin/download-records', getHref: () => '/admin/download-records' },
  // Pages that exist only for a signed-in user (a user id): spec sections 2 and 6.
  supportNotices: { path: 'support-notices', getHref: () => '/support-notices' },
  users: { path: 'users', getHref: () => '/users' },
  notifications: { path: 'notifications', getHref: () => '/notifications' },
  notificationDetails: { path: 'notification-details', getHref: () => '/notification-details' },
  // Sign-in. `zendeskInitAuth` and `jiraAuth` are server redirects: links to them must be plain anchors, and a
  // client route only covers an in-app navigation to them (history), as for /trust.
  zendeskInitAuth: { path: 'zendeskInitAuth', getHref: () => apiPaths.redirects.helpdeskInit },
  jiraAuth: { path: 'jiraAuth', getHref: () => apiPaths.redirects.trackerInit },
  /** The built-in help desk's authorization page (the one-time code). */
  helpdeskAuthorize: { path: 'helpdesk/authorize', getHref: () => '/helpdesk/authorize' },
  /** Return address of the help-desk authorization. */
  zendeskAuth: { path: 'zendeskAuth', getHref: () => '/zendeskAuth' },
  /** Return address of the ticketing system's authorization. */
  trackerCode: { path: 'code', getHref: () => '/code' },
  /** Return address of the corporate identity provider, opened in the sign-in popup. */
  loginCallback: { path: 'login/callback', getHref: () => '/login/callback' },
  logoutAgent: { path: 'logoutAgent', getHref: () => '/logoutAgent' },
  files: {
    serviceDescription: (file: string) => `/files/service-descriptions/${file}.pdf`,
  },
  images: {
    locatingIdController: '/images/locating-id-controller.svg',
    locatingIdCopilot: '/images/locating-id-copilot.svg',
    downloadProcess: '/images/download-process.svg',
  },
  /** The API calls, from the one declaration of every path (common/api-paths.ts). */
  api: {
    latestKb: apiPaths.aggregator.latestKb,
    login: apiPaths.auth.login,
    signup: apiPaths.auth.signup,
    createUser: apiPaths.helpdesk.createUser,
    authCodeGrant: apiPaths.helpdesk.authCodeGrant,
    authenticate: apiPaths.helpdesk.authenticate,
    me: apiPaths.helpdesk.me,
    logoutCustomer: apiPaths.aggregator.logoutCustomer,
    logoutAgent: apiPaths.identity.logout,
    /** Opened in the popup: the server redirects to the identity provider. */
    identityLogin: apiPaths.identity.login,
    identityAuthenticateCode: apiPaths.identity.authenticateCode,
    /** `{oidc}`: whether a corporate identity provider is configured (shows the SSO button). */
    authProviders: apiPaths.auth.providers,
    trackerAuthenticateCode: apiPaths.tracker.authenticateCode,
    helpdeskStart: apiPaths.helpdesk.authorizeStart,
    helpdeskVerify: apiPaths.helpdesk.authorizeVerify,
  },
} as const;

/**
 * Paths under the site's origin that the server answers itself (a redirect, static files, the API). A client-side
 * navigation to them would render the No Page route, so links to them must be plain anchors.
 */
const serverHandledPaths = new Set<string>([
  paths.trust.getHref(),
  paths.zendeskInitAuth.getHref(),
  paths.jiraAuth.getHref(),
]);
const serverHandledPrefixes = ['/files/', '/images/', '/api/'];

/** Whether `href` is a page of this app that the router can show without a full page load. */
export function isClientRoute(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const pathname = href.split(/[?#]/, 1)[0] ?? href;
  return (
    !serverHandledPaths.has(pathname) && !serverHandledPrefixes.some((prefix) => pathname.startsWith(prefix))
  );
}
