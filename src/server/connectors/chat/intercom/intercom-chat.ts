import { INTERCOM_API_BASES, type IntercomRegion } from '../../../../common/contracts/chat.js';
import { chatTokenKey, signChatUserToken } from '../user-token.js';
import type { ChatConnector } from '../types.js';
import { INTERCOM_PAGE_SOURCES } from './content-security.js';

export interface IntercomChatOptions {
  /** The workspace's app id (`INTERCOM_APP_ID`): public, the browser boots the Messenger with it. */
  appId: string;
  /** The workspace's identity verification secret (`INTERCOM_IDENTITY_SECRET`): never leaves the server. */
  identitySecret: string;
  /** Where the workspace is hosted (`INTERCOM_REGION`): the Messenger boots at that region's `api_base`. */
  region: IntercomRegion;
}

/**
 * The Intercom Messenger on `/chatbot`. Intercom's identity verification takes an HS256 JWT signed with the
 * workspace's secret, carrying `user_id` and `email` and an `exp`, passed to the Messenger as
 * `intercom_user_jwt`: the same token every chat signs (user-token.ts), here keyed with Intercom's secret, so
 * a signed-in user cannot pose as another in the Messenger.
 */
export function createIntercomChat(options: IntercomChatOptions): ChatConnector {
  const key = chatTokenKey(options.identitySecret);
  return {
    provider: 'intercom',
    signUserToken: (user) => signChatUserToken(key, user),
    clientSettings: () => ({
      provider: 'intercom',
      appId: options.appId,
      apiBase: INTERCOM_API_BASES[options.region],
    }),
    pageSources: INTERCOM_PAGE_SOURCES,
  };
}
