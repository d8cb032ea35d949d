import { createBuiltinChat } from './builtin/chat.js';
import type { ChatConnector } from './types.js';
import { chatTokenKey } from './user-token.js';

/**
 * The chat this portal shows on `/chatbot`. Only the built-in assistant exists so far; the Intercom adapter
 * joins here, chosen by its settings, behind the same interface.
 */
export function createChatConnector(options: { chatJwtSecret: string | undefined }): ChatConnector {
  return createBuiltinChat({ key: chatTokenKey(options.chatJwtSecret) });
}
