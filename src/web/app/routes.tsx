import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { PortalConfig } from '../../common/portal-config';
import { ShellLayout } from './shell/shell-layout';
import { paths } from '../lib/paths';
import { RouteError } from './route-error';

/**
 * The page modules, each a chunk of its own loaded on demand, keyed by their file name in src/web/routes/: the
 * server preloads the chunk of the page it renders (see {@link pageModuleFiles}), so the browser has it when
 * hydration starts instead of asking for it only then.
 */
const pages = {
  home: () => import('../routes/home'),
  sla: () => import('../routes/sla'),
  'eol-policy': () => import('../routes/eol-policy'),
  'chatbot-policy': () => import('../routes/chatbot-policy'),
  'service-descriptions': () => import('../routes/service-descriptions'),
  'support-services-document': () => import('../routes/support-services-document'),
  'locating-id': () => import('../routes/locating-id'),
  'download-process': () => import('../routes/download-process'),
  trust: () => import('../routes/trust'),
  search: () => import('../routes/search'),
  docs: () => import('../routes/docs'),
  'admin-search-analytics': () => import('../routes/admin-search-analytics'),
  'admin-content-sync': () => import('../routes/admin-content-sync'),
  'admin-canned-replies': () => import('../routes/admin-canned-replies'),
  chatbot: () => import('../routes/chatbot'),
  'helpdesk-authorize': () => import('../routes/helpdesk-authorize'),
  'zendesk-auth': () => import('../routes/zendesk-auth'),
  'tracker-code': () => import('../routes/tracker-code'),
  'login-callback': () => import('../routes/login-callback'),
  'logout-agent': () => import('../routes/logout-agent'),
  'server-redirect': () => import('../routes/server-redirect'),
  'support-notices': () => import('../routes/support-notices'),
  downloads: () => import('../routes/downloads'),
  tickets: () => import('../routes/tickets'),
  'ticket-new': () => import('../routes/ticket-new'),
  ticket: () => import('../routes/ticket'),
  'api-collection': () => import('../routes/api-collection'),
  'download-records': () => import('../routes/download-records'),
  users: () => import('../routes/users'),
  notifications: () => import('../routes/notifications'),
  'notification-details': () => import('../routes/notification-details'),
  'no-page': () => import('../routes/no-page'),
} satisfies Record<string, LazyRouteFunction<RouteObject>>;

const fileOfPage = new Map<unknown, string>(
  Object.entries(pages).map(([name, load]) => [load, `src/web/routes/${name}.tsx`]),
);

/** A route of the tree as a static handler holds it (`dataRoutes`): every route has its id. */
export interface IdentifiedRoute {
  id: string;
  lazy?: unknown;
  children?: IdentifiedRoute[];
}

/**
 * The source file of each page route by its id (e.g. `src/web/routes/search.tsx`), as the Vite manifest names
 * them, so a render names the modules of the routes it matched without matching the address again. Read from
 * the tree before any lazy route was resolved: resolving one drops its `lazy`.
 */
export function pageModuleFilesById(routes: readonly IdentifiedRoute[]): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (route: IdentifiedRoute) => {
    const file = fileOfPage.get(route.lazy);
    if (file) files.set(route.id, file);
    route.children?.forEach(visit);
  };
  routes.forEach(visit);
  return files;
}

/**
 * The route tree, shared by the server render and the browser. Every page is a lazy route, so the initial
 * bundle holds only the shell and the page being viewed. Built from the config because two routes carry the
 * product name.
 */
export function createRoutes(config: PortalConfig): RouteObject[] {
  const product = config.product.name;
  return [
    {
      id: 'shell',
      path: paths.home.path,
      Component: ShellLayout,
      children: [
        {
          // Pathless: a page that fails to load shows its error inside the shell, with the menus still there.
          ErrorBoundary: RouteError,
          children: [
            { index: true, lazy: pages.home },
            { path: paths.sla.path, lazy: pages.sla },
            { path: paths.eolPolicy.path(product), lazy: pages['eol-policy'] },
            { path: paths.chatbotPolicy.path(product), lazy: pages['chatbot-policy'] },
            { path: paths.serviceDescriptions.path, lazy: pages['service-descriptions'] },
            {
              path: paths.supportServicesDocument.path,
              lazy: pages['support-services-document'],
            },
            { path: paths.locatingId.path, lazy: pages['locating-id'] },
            { path: paths.downloadProcess.path, lazy: pages['download-process'] },
            { path: paths.trust.path, lazy: pages.trust },
            // Search and knowledge.
            { path: paths.search.path, lazy: pages.search },
            { path: paths.docs.path, lazy: pages.docs },
            {
              path: paths.adminSearchAnalytics.path,
              lazy: pages['admin-search-analytics'],
            },
            { path: paths.adminContentSync.path, lazy: pages['admin-content-sync'] },
            { path: paths.adminCannedReplies.path, lazy: pages['admin-canned-replies'] },
            // Sign-in (spec sections 2 and 4).
            { path: paths.chatbot.path, lazy: pages.chatbot },
            { path: paths.helpdeskAuthorize.path, lazy: pages['helpdesk-authorize'] },
            { path: paths.zendeskAuth.path, lazy: pages['zendesk-auth'] },
            { path: paths.trackerCode.path, lazy: pages['tracker-code'] },
            { path: paths.loginCallback.path, lazy: pages['login-callback'] },
            { path: paths.logoutAgent.path, lazy: pages['logout-agent'] },
            { path: paths.zendeskInitAuth.path, lazy: pages['server-redirect'] },
            { path: paths.jiraAuth.path, lazy: pages['server-redirect'] },
            // Pages that exist only with a user id; signed out, they send the visitor to sign-in.
            { path: paths.supportNotices.path, lazy: pages['support-notices'] },
            { path: paths.users.path, lazy: pages.users },
            { path: paths.notifications.path, lazy: pages.notifications },
            { path: paths.notificationDetails.path, lazy: pages['notification-details'] },
            // The Ticket Portal.
            { path: paths.tickets.path, lazy: pages.tickets },
            { path: paths.newTicket.path, lazy: pages['ticket-new'] },
            { path: paths.ticket.path, lazy: pages.ticket },
            // Downloads: the gate is in the page (a prompt signed out, not a redirect).
            { path: paths.downloads.path, lazy: pages.downloads },
            { path: paths.apiCollection.path, lazy: pages['api-collection'] },
            { path: paths.downloadRecords.path, lazy: pages['download-records'] },
            { path: '*', lazy: pages['no-page'] },
          ],
        },
      ],
    },
  ];
}
