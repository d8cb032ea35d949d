import type { FastifyInstance } from 'fastify';
import { can } from '../../common/policies.js';
import { ServiceError } from '../lib/errors.js';
import { presentNotice, presentNoticeChange, presentSeenByUser } from '../presenters/notices.js';
import { listCollectionFiles, listDownloadRecords } from '../services/downloads/downloads.js';
import { presentDownloadRecord } from '../presenters/downloads.js';
import { listOrganisations, listStaff } from '../services/tickets/ticket-people.js';
import type { PortalUser } from '../services/auth/users.js';
import { changesOf, getNotice, readersOf } from '../services/notices/notices.js';
import { analyticsReport } from '../services/search/analytics-report.js';
import type { PageViewer } from './page-data.js';

type MemberLoaders = Required<
  Pick<
    PageViewer,
    | 'notice'
    | 'noticeChanges'
    | 'noticeReaders'
    | 'searchAnalytics'
    | 'contentSync'
    | 'apiFiles'
    | 'downloadRecords'
    | 'assignees'
    | 'ticketOrganisations'
  >
>;

/** `load`'s answer, or null where the API answers 404 (a notice this viewer may not see). */
async function unlessNotFound<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * The data of the members' pages that a signed-in render holds (a notice, its history and readers, the search
 * analytics, the content sync, the Postman collections, the download records, a ticket's assignees, the
 * queue's organisations): what the API's calls answer `user`, through the same services and the same policy
 * checks, so the page is drawn with it instead of a loading line its data then pushes down.
 */
export function memberPageLoaders(app: FastifyInstance, user: PortalUser): MemberLoaders {
  return {
    notice: (id) =>
      unlessNotFound(async () => ({ Item: presentNotice(await getNotice(app.notices, user, id)) })),
    noticeChanges: async (id) => {
      if (!can(user, 'readSeenBy')) return null;
      return unlessNotFound(async () => {
        await getNotice(app.notices, user, id);
        return { changes: (await changesOf(app.notices, id)).map(presentNoticeChange) };
      });
    },
    noticeReaders: async (id) =>
      can(user, 'readSeenBy') ? { users: (await readersOf(app.notices, id)).map(presentSeenByUser) } : null,
    searchAnalytics: async (query) => (can(user, 'readSearchAnalytics') ? analyticsReport(app, query) : null),
    contentSync: async () =>
      can(user, 'manageContentSync')
        ? { intervalMinutes: app.env.CONTENT_SYNC_INTERVAL_MINUTES, sources: await app.contentSync.status() }
        : null,
    apiFiles: async () =>
      can(user, 'download') ? { collectionFiles: await listCollectionFiles(app.downloads) } : null,
    downloadRecords: async (query) => {
      if (!can(user, 'readDownloadRecords')) return null;
      const { rows, count } = await listDownloadRecords(app.downloads, query);
      return { records: rows.map(presentDownloadRecord), count };
    },
    assignees: async () => (can(user, 'openAgentConsole') ? { assignees: await listStaff(app.db) } : null),
    ticketOrganisations: async () =>
      can(user, 'openAgentConsole') ? { organisations: await listOrganisations(app.db) } : null,
  };
}
