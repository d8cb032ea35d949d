/**
 * The Intercom Messenger as Intercom's single-page-app install describes it: `Intercom` is a queue until the
 * widget script (`https://widget.intercom.io/widget/<app_id>`) replaces it and runs what was queued;
 * `Intercom('boot', settings)` starts it for a user, `Intercom('shutdown')` ends that user's session.
 */

type IntercomCall = unknown[];

declare global {
  interface Window {
    Intercom?: (...args: IntercomCall) => void;
  }
}

/** Who the Messenger is booted for: the chat's binding to the signed-in user (spec section 2, /chatbot). */
export interface MessengerUser {
  id: string;
  name: string;
  email: string;
  /** When the user was created (ISO 8601), when known. */
  createdAt: string | null;
  /** `intercom_user_jwt`, signed by the server with the workspace's identity verification secret. */
  token: string | null;
}

/** The workspace the Messenger belongs to: its app id and its region's `api_base`. */
export interface MessengerWorkspace {
  appId: string;
  apiBase: string;
}

export const intercomWidgetUrl = (appId: string) =>
  `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`;

/**
 * The settings of `Intercom('boot')`: the user's name and creation time (Unix seconds, as Intercom takes
 * `created_at`) and the identity verification JWT. With a JWT, `user_id` and `email` travel only inside it:
 * Intercom trusts the signed claims (https://developers.intercom.com/installing-intercom/web/identity-verification),
 * and a copy in clear would be a second, unsigned statement of who the user is. Without one (no identity secret
 * could sign it) they are sent as they are.
 */
export function bootSettings(
  workspace: MessengerWorkspace,
  user: MessengerUser,
): Record<string, string | number> {
  const createdAt = user.createdAt ? Date.parse(user.createdAt) : Number.NaN;
  return {
    app_id: workspace.appId,
    api_base: workspace.apiBase,
    name: user.name,
    ...(Number.isNaN(createdAt) ? {} : { created_at: Math.floor(createdAt / 1000) }),
    ...(user.token ? { intercom_user_jwt: user.token } : { user_id: user.id, email: user.email }),
  };
}

/**
 * Gives a running Messenger a fresh identity token (`Intercom('update', {intercom_user_jwt})`): Intercom checks
 * the token on every request, so one that expires mid-conversation must be replaced before it does.
 */
export function updateMessengerToken(token: string): void {
  window.Intercom?.('update', { intercom_user_jwt: token });
}

/**
 * Whether the document shown was loaded at `pathname`. The server allows Intercom's origins in the Content
 * Security Policy of `/chatbot` alone, and a document keeps the policy it was loaded with through in-app
 * navigations: a `/chatbot` reached from another page must be loaded again before the script can run.
 */
export function documentLoadedAt(pathname: string): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return entry === undefined || new URL(entry.name).pathname === pathname;
}

/**
 * Loads the widget script, boots the Messenger for `user` and opens it. Returns the function that shuts it
 * down and removes the script, `Intercom` and the widget's own elements, so nothing of it runs on the next
 * page (the app does not reload between pages).
 */
export function startMessenger(workspace: MessengerWorkspace, user: MessengerUser): () => void {
  const queue: IntercomCall[] = [];
  window.Intercom = Object.assign((...args: IntercomCall) => void queue.push(args), { q: queue });
  window.Intercom('boot', bootSettings(workspace, user));
  window.Intercom('show');
  const script = document.createElement('script');
  script.async = true;
  script.src = intercomWidgetUrl(workspace.appId);
  document.head.append(script);
  return () => {
    window.Intercom?.('shutdown');
    script.remove();
    delete window.Intercom;
    // The widget's launcher and frames (Intercom names them `intercom-*`): a frame keeps running until removed.
    for (const element of document.querySelectorAll(
      '#intercom-container, #intercom-frame, .intercom-lightweight-app',
    )) {
      element.remove();
    }
  };
}
