/**
 * The database channel of ended sessions (`LISTEN/NOTIFY`, db/events.ts): every instance ends the live event
 * streams of a session that was signed out or replaced anywhere. The payload is the session's id, the SHA-256
 * of its token (what the `sessions` table keeps), never the token.
 */
export const SESSION_ENDED_CHANNEL = 'portal_sessions_ended';

/** Whether a payload of {@link SESSION_ENDED_CHANNEL} is a session id (hex SHA-256). */
export function isSessionId(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}
