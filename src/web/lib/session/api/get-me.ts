import { fetchApi } from '../../api-client';
import { paths } from '../../paths';
import type { SessionUser } from '../../../../common/contracts/auth';
import { parseSessionUser } from '../session-profile';

interface Me {
  user: SessionUser;
  /** The chat widget's JWT for this tab. */
  intercomJwt: string | undefined;
}

/**
 * `GET /api/zendesk/me`: who the session belongs to. Read without zod (this module is in the initial bundle):
 * `parseSessionUser` is the profile's own check, and an answer it refuses throws like any off-contract answer.
 */
export function getMe(): Promise<Me> {
  return fetchApi(paths.api.me, {}, (body) => {
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const user = parseSessionUser(fields.user);
    if (!user) throw new Error('not a session user');
    const jwt = fields.intercom_user_jwt;
    return { user, intercomJwt: typeof jwt === 'string' ? jwt : undefined };
  });
}
