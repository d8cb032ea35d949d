import type { ChatClientSettings } from '../../../common/contracts/chat.js';
import type { ConnectorRoutes } from '../connector-routes.js';
import type { PageSources } from '../page-sources.js';

/**
 * The chat of `/chatbot` (Intercom Messenger in the vendor's deployment; the portal's own assistant by
 * default). The portal binds the chat to the signed-in user with a signed token (`intercomJWT` of spec
 * section 3) and tells the browser which chat to show; nothing here imports an implementation.
 */

export type ChatProvider = ChatClientSettings['provider'];

/** The user a chat is bound to. */
export interface ChatUser {
  id: string;
  email: string;
  name: string;
}

/** What the browser needs to open the chat: public settings only, never a secret. */
export type { ChatClientSettings };

/** Origins the chat page must allow; empty for a chat that runs no third-party code. */
export type ChatPageSources = PageSources;

export interface ChatConnector extends ConnectorRoutes {
  readonly provider: ChatProvider;

  /**
   * An HS256 JWT with the claims a chat service verifies its user by (`user_id`, `email`, `name`), valid for
   * an hour; the app asks `/api/zendesk/me` for a fresh one. Intercom's signs it with the workspace's identity
   * verification secret, so Intercom accepts it as `intercom_user_jwt`.
   */
  signUserToken(user: ChatUser): Promise<string>;

  clientSettings(): ChatClientSettings;

  /** What the Content Security Policy of `/chatbot` must allow for this chat. */
  readonly pageSources: ChatPageSources;
}
