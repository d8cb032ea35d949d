/**
 * The chat of `/chatbot` (Intercom Messenger in the vendor's deployment; the portal's own assistant by
 * default). The portal binds the chat to the signed-in user with a signed token (`intercomJWT` of spec
 * section 3) and tells the browser which chat to show; nothing here imports an implementation.
 */

export type ChatProvider = 'builtin' | 'intercom';

/** The user a chat is bound to. */
export interface ChatUser {
  id: string;
  email: string;
  name: string;
}

/** What the browser needs to open the chat: public settings only, never a secret. */
export interface ChatClientSettings {
  provider: ChatProvider;
}

export interface ChatConnector {
  readonly provider: ChatProvider;

  /**
   * An HS256 JWT with the claims a chat service verifies its user by (`user_id`, `email`, `name`), valid for
   * an hour; the app asks `/api/zendesk/me` for a fresh one.
   */
  signUserToken(user: ChatUser): Promise<string>;

  clientSettings(): ChatClientSettings;
}
