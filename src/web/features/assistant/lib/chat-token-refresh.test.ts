import { describe, expect, it } from 'vitest';
import { CHAT_TOKEN_REFRESH_MARGIN_MS, chatTokenRefreshDelay } from './chat-token-refresh';

const token = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('chatTokenRefreshDelay', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  it('asks for a fresh token a margin before the old one expires', () => {
    const exp = now / 1000 + 3600;
    expect(chatTokenRefreshDelay(token({ user_id: 'u1', exp }), now)).toBe(
      3600_000 - CHAT_TOKEN_REFRESH_MARGIN_MS,
    );
  });
  it('waits at least 30 s, even for a token about to expire', () => {
    expect(chatTokenRefreshDelay(token({ exp: now / 1000 + 10 }), now)).toBe(30_000);
  });
  it('does not refresh a token without exp, or one it cannot read', () => {
    expect(chatTokenRefreshDelay(token({ user_id: 'u1' }), now)).toBeNull();
    expect(chatTokenRefreshDelay('not-a-jwt', now)).toBeNull();
    expect(chatTokenRefreshDelay('a.%%%.c', now)).toBeNull();
  });
});
