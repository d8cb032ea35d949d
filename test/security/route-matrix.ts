import type { RouteEntry } from '../../src/server/plugins/route-table.js';

/**
 * Who may call each route, as the product means it, written by hand: the authorization matrix test checks every
 * route the app registered against it, for every kind of user. Route-level only: which tickets or notices a
 * user may see among those a route serves is the areas' own tests' business.
 */
export type Access =
  /** Anyone, signed out included (public content, the sign-in steps, health). */
  | 'public'
  /** Any signed-in user. */
  | 'signed-in'
  /** Customers only (their requests, opening a ticket). */
  | 'customer'
  /** Agents and admins. */
  | 'staff'
  | 'admin'
  /** Signed-in users whose account may download (export control). */
  | 'download';

export const ROLES = [
  'anonymous',
  'customer',
  'customer without downloads',
  'organisation admin',
  'agent',
  'admin',
] as const;
export type MatrixRole = (typeof ROLES)[number];

/** Whether `role` may call a route of `access`; refused means 401 signed out, 403 signed in. */
export function allowed(access: Access, role: MatrixRole): boolean {
  const isCustomer =
    role === 'customer' || role === 'customer without downloads' || role === 'organisation admin';
  switch (access) {
    case 'public':
      return true;
    case 'signed-in':
      return role !== 'anonymous';
    case 'customer':
      return isCustomer;
    case 'staff':
      return role === 'agent' || role === 'admin';
    case 'admin':
      return role === 'admin';
    case 'download':
      return role !== 'anonymous' && role !== 'customer without downloads';
  }
}

export const routeKey = (route: RouteEntry): string => `${route.method} ${route.url}`;

/** The routes the app has and the matrix does not name, and the rows naming a route the app no longer has. */
export function compareWithMatrix(
  routes: readonly RouteEntry[],
  matrix: Readonly<Record<string, Access>>,
): { unlisted: string[]; stale: string[] } {
  const registered = new Set(routes.map(routeKey));
  return {
    unlisted: [...registered].filter((key) => !(key in matrix)).sort(),
    stale: Object.keys(matrix)
      .filter((key) => !registered.has(key))
      .sort(),
  };
}

/** A concrete URL for a route's pattern: each parameter gets a value of the shape the route expects. */
export function sampleUrl(pattern: string): string {
  return pattern
    .replace(':key', 'NET-1')
    .replace(':source', 'docs')
    .replace(':file', 'portal.yaml')
    .replace(/:[A-Za-z]+/g, '1')
    .replace('*', 'index.css');
}

/** Who may call each route of the app (`METHOD path` as the route table names it). */
export const MATRIX: Record<string, Access> = {
  // Sign-in, sign-up and their callbacks: anyone, by their nature.
  'GET /api/auth/providers': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/signup': 'public',
  'GET /zendeskInitAuth': 'public',
  'POST /api/zendesk/authCodeGrant': 'public',
  'POST /api/zendesk/authenticate': 'public',
  'POST /api/zendesk/createUser': 'public',
  'POST /api/helpdesk/authorize/start': 'public',
  'POST /api/helpdesk/authorize/verify': 'public',
  'GET /api/azureAD/login': 'public',
  'GET /api/azureAD/authenticateCode': 'public',
  'GET /api/azureAD/logoutAzureAD': 'public',
  'POST /api/aggregator/logoutCustomer': 'public',
  'GET /trust': 'public',
  // Pages a browser navigates to: one without the right is sent on to sign in (a redirect), not given JSON.
  'GET /jiraAuth': 'public',
  // The built-in tracker's consent page stands for the vendor's: like an OAuth server, it checks the
  // application named in the link before anything else, and then its own sign-in.
  'GET /tracker/authorize': 'public',
  // The tracker's grant belongs to an agent.
  'GET /api/jira/authenticateCode': 'staff',
  // Who is signed in: signed out, the 401 that makes the app sign out (spec section 4).
  'GET /api/zendesk/me': 'signed-in',
  // Public help content and its search.
  'GET /api/aggregator/latestKB': 'public',
  'GET /api/aggregator/suggestions': 'public',
  'POST /api/aggregator/search': 'public',
  'POST /api/aggregator/searchClick': 'public',
  'GET /api/forumbee/searchPageCommunity': 'public',
  'GET /api/git/searchGit': 'public',
  'GET /api/zendesk/articles/:id': 'public',
  'POST /api/zendesk/articles/:id/views': 'public',
  'POST /api/zendesk/articles/:id/votes': 'public',
  'GET /api/zendesk/categoryOverview': 'public',
  'GET /api/zendesk/getArticleDetails': 'public',
  'GET /api/zendesk/searchArticlesByCategory': 'public',
  'GET /api/zendesk/searchPagedKb': 'public',
  'GET /portal-config/:file': 'public',
  'GET /api/chat/settings': 'public',
  // Members' searches. The two signed-in federated searches differ only in needing a session: the sources
  // searched follow the session's role, never the path (spec section 7).
  'POST /api/aggregator/customerSearch': 'signed-in',
  'POST /api/aggregator/agentSearch': 'signed-in',
  'GET /api/zendesk/searchPagedRequests': 'customer',
  'GET /api/zendesk/searchPagedTickets': 'staff',
  'GET /api/jira/searchPagedIssue': 'staff',
  // The assistant.
  'GET /api/assistant/conversations': 'signed-in',
  'GET /api/assistant/conversations/:id': 'signed-in',
  'POST /api/assistant/messages': 'signed-in',
  // Support notices: members read them, admins manage them.
  'GET /api/noticesModule/events': 'signed-in',
  'GET /api/noticesModule/notice': 'signed-in',
  'GET /api/noticesModule/notice-id': 'signed-in',
  'POST /api/noticesModule/mark-all-read': 'signed-in',
  'POST /api/noticesModule/seen-by-users': 'signed-in',
  'GET /api/noticesModule/seen-by-users': 'admin',
  'GET /api/noticesModule/notice-changes': 'admin',
  'GET /api/noticesModule/deleted-notices': 'admin',
  'POST /api/noticesModule/notice': 'admin',
  'POST /api/noticesModule/notice-delete': 'admin',
  'POST /api/noticesModule/notice-restore': 'admin',
  // Tickets: customers open them; both sides read and answer the ones they may see; agents work the queue.
  'POST /api/tickets': 'customer',
  'POST /api/tickets/deflection': 'customer',
  'GET /api/tickets': 'signed-in',
  'GET /api/tickets/:id': 'signed-in',
  'PATCH /api/tickets/:id': 'signed-in',
  'GET /api/tickets/events': 'signed-in',
  'POST /api/tickets/:id/comments': 'signed-in',
  'POST /api/tickets/:id/attachments': 'signed-in',
  'GET /api/tickets/:id/attachments/:attachmentId': 'signed-in',
  'GET /api/tickets/:id/context': 'staff',
  'GET /api/tickets/assignees': 'staff',
  'GET /api/tickets/canned-replies': 'staff',
  'GET /api/tickets/organisations': 'staff',
  // The ticket form's requester line: the customer's own name, organisation and tier.
  'GET /api/tickets/requester': 'customer',
  'POST /api/tickets/bulk': 'staff',
  'POST /api/tickets/:id/issues': 'staff',
  'DELETE /api/tickets/:id/issues/:key': 'staff',
  // Downloads under export control; the stored object's own signature decides (it names one file).
  'POST /api/downloads/list-image-files': 'download',
  'POST /api/downloads/list-api-files': 'download',
  'POST /api/downloads/download': 'download',
  'GET /api/storage/object': 'public',
  // The admin area.
  'GET /api/admin/search-analytics': 'admin',
  'GET /api/admin/content-sync': 'admin',
  'POST /api/admin/content-sync/:source': 'admin',
  'GET /api/admin/canned-replies': 'admin',
  'POST /api/admin/canned-replies': 'admin',
  'PUT /api/admin/canned-replies/:id': 'admin',
  'DELETE /api/admin/canned-replies/:id': 'admin',
  'GET /api/downloads/records': 'admin',
  'GET /api/downloads/records.csv': 'admin',
  // The API's own documentation (OpenAPI), and the probes of load balancers.
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  // Not a user's route: the scrapers' gate is an address list or a token (test/api/observability), and the
  // matrix calls from loopback, which that gate lets in by default.
  'GET /metrics': 'public',
};
