import type { AzureAdAuthenticateOk } from '../../../../common/contracts/auth';

/**
 * Messages between the sign-in popup (/login/callback) and the page that opened it. A BroadcastChannel, not
 * `window.opener.postMessage`: the popup visits the identity provider's origin, and with
 * Cross-Origin-Opener-Policy the way back gives it a new browsing context group without an opener. A channel
 * only reaches pages of this same origin, so no origin check is needed beyond that.
 */
export const SSO_CHANNEL_NAME = 'portal-sso';

export type SsoMessage =
  | { type: 'sso-signed-in'; result: AzureAdAuthenticateOk }
  | { type: 'sso-error'; error: string }
  /** The opener got the result: the popup may close. */
  | { type: 'sso-ack' };

export function isSsoMessage(value: unknown): value is SsoMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'sso-signed-in' || type === 'sso-error' || type === 'sso-ack';
}

/** Name of the popup window, so a second click reuses it instead of opening another. */
export const SSO_POPUP_NAME = 'portal-sso-popup';
