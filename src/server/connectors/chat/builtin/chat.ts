import { signChatUserToken, type ChatTokenKey } from '../user-token.js';
import type { ChatConnector } from '../types.js';

/**
 * The portal's own assistant: it answers in the page, so the browser needs no chat service settings. The
 * user token is still signed (the `/api/zendesk/me` answer carries it whichever chat runs).
 */
export function createBuiltinChat(options: { key: ChatTokenKey }): ChatConnector {
  return {
    provider: 'builtin',
    signUserToken: (user) => signChatUserToken(options.key, user),
    clientSettings: () => ({ provider: 'builtin' }),
    // It runs in the portal's own code: the page needs no other origin.
    pageSources: {},
  };
}
