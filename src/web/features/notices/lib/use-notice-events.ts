import { apiPaths } from '../../../../common/api-paths';
import { useLiveEvents } from '../../../lib/use-live-events';
import { NOTICES_KEY } from './notice-contracts';

const NOTICE_EVENTS = ['notice'] as const;

/**
 * Keeps the notices of this page live from `api/noticesModule/events`; the server also replays what a
 * reconnecting stream missed (it sends the last event id).
 */
export function useNoticeEvents(enabled: boolean): void {
  useLiveEvents(apiPaths.notices.events, NOTICE_EVENTS, NOTICES_KEY, enabled);
}
