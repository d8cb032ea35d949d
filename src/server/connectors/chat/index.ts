import { createBuiltinChat } from './builtin/chat.js';
import { createIntercomChat } from './intercom/intercom-chat.js';
import type { ChatConnector } from './types.js';
import { chatTokenKey } from './user-token.js';

export interface ChatConnectorOptions {
  chatJwtSecret: string | undefined;
  /** `INTERCOM_APP_ID` and `INTERCOM_IDENTITY_SECRET`; env.ts refuses to start with one of them alone. */
  intercomAppId?: string | undefined;
  intercomIdentitySecret?: string | undefined;
}

/**
 * The chat this portal shows on `/chatbot`: the Intercom Messenger when its two settings are there, else the
 * built-in assistant, behind the same interface.
 */
export function createChatConnector(options: ChatConnectorOptions): ChatConnector {
  if (options.intercomAppId && options.intercomIdentitySecret) {
    return createIntercomChat({
      appId: options.intercomAppId,
      identitySecret: options.intercomIdentitySecret,
    });
  }
  return createBuiltinChat({ key: chatTokenKey(options.chatJwtSecret) });
}
