import type { RouteObject } from 'react-router';
import type { PortalConfig } from '../../common/portal-config';
import { ShellLayout } from '../features/shell/components/shell-layout';
import { paths } from '../lib/paths';
import { RouteError } from './route-error';

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
            { index: true, lazy: () => import('../routes/home') },
            { path: paths.sla.path, lazy: () => import('../routes/sla') },
            { path: paths.eolPolicy.path(product), lazy: () => import('../routes/eol-policy') },
            { path: paths.chatbotPolicy.path(product), lazy: () => import('../routes/chatbot-policy') },
            { path: paths.serviceDescriptions.path, lazy: () => import('../routes/service-descriptions') },
            {
              path: paths.supportServicesDocument.path,
              lazy: () => import('../routes/support-services-document'),
            },
            { path: paths.locatingId.path, lazy: () => import('../routes/locating-id') },
            { path: paths.downloadProcess.path, lazy: () => import('../routes/download-process') },
            { path: paths.trust.path, lazy: () => import('../routes/trust') },
            // Search and knowledge (issue 4).
            { path: paths.search.path, lazy: () => import('../routes/search') },
            { path: paths.docs.path, lazy: () => import('../routes/docs') },
            {
              path: paths.adminSearchAnalytics.path,
              lazy: () => import('../routes/admin-search-analytics'),
            },
            // Sign-in (spec sections 2 and 4).
            { path: paths.chatbot.path, lazy: () => import('../routes/chatbot') },
            { path: paths.helpdeskAuthorize.path, lazy: () => import('../routes/helpdesk-authorize') },
            { path: paths.zendeskAuth.path, lazy: () => import('../routes/zendesk-auth') },
            { path: paths.trackerCode.path, lazy: () => import('../routes/tracker-code') },
            { path: paths.loginCallback.path, lazy: () => import('../routes/login-callback') },
            { path: paths.logoutAgent.path, lazy: () => import('../routes/logout-agent') },
            { path: paths.zendeskInitAuth.path, lazy: () => import('../routes/server-redirect') },
            { path: paths.jiraAuth.path, lazy: () => import('../routes/server-redirect') },
            // Pages that exist only with a user id; signed out, they send the visitor to sign-in.
            { path: paths.supportNotices.path, lazy: () => import('../routes/support-notices') },
            { path: paths.users.path, lazy: () => import('../routes/users') },
            { path: paths.notifications.path, lazy: () => import('../routes/notifications') },
            { path: paths.notificationDetails.path, lazy: () => import('../routes/notification-details') },
            { path: '*', lazy: () => import('../routes/no-page') },
          ],
        },
      ],
    },
  ];
}
