/** How long before its `exp` a chat user token is replaced: the chat must never send an expired one. */
export const CHAT_TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
/** Never sooner than this after the last refresh (a token that is nearly expired at once, a clock off). */
const MIN_REFRESH_DELAY_MS = 30_000;

/**
 * When to ask for a fresh chat user token: `CHAT_TOKEN_REFRESH_MARGIN_MS` before the token's `exp` (read
 * from its claims, which the browser need not verify: the chat service does), or null when the token says
 * no expiry or cannot be read.
 */
export function chatTokenRefreshDelay(token: string, nowMs: number): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    const { exp } = claims;
    if (typeof exp !== 'number') return null;
    return Math.max(MIN_REFRESH_DELAY_MS, exp * 1000 - CHAT_TOKEN_REFRESH_MARGIN_MS - nowMs);
  } catch {
    return null;
  }
}
