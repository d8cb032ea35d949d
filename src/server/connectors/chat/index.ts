import { createBuiltinChat } from './builtin/chat.js';
import { createIntercomChat } from './intercom/intercom-chat.js';
import type { Env } from '../../env.js';
import type { ChatConnector } from './types.js';
import { chatTokenKey } from './user-token.js';

/**
 * The chat this portal shows on `/chatbot`: the Intercom Messenger when its two settings are there, else the
 * built-in assistant, behind the same interface.
 */
export function createChatConnector(
  env: Partial<
    Pick<Env, 'CHAT_JWT_SECRET' | 'INTERCOM_APP_ID' | 'INTERCOM_IDENTITY_SECRET' | 'INTERCOM_REGION'>
  >,
): ChatConnector {
  // env.ts refuses to start with one of the two Intercom settings alone.
  if (env.INTERCOM_APP_ID && env.INTERCOM_IDENTITY_SECRET) {
    return createIntercomChat({
      appId: env.INTERCOM_APP_ID,
      identitySecret: env.INTERCOM_IDENTITY_SECRET,
      region: env.INTERCOM_REGION ?? 'us',
    });
  }
  return createBuiltinChat({ key: chatTokenKey(env.CHAT_JWT_SECRET) });
}
