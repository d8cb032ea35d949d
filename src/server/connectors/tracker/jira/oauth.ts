import { z } from 'zod';
import { ServiceError } from '../../../lib/errors.js';
import { createVendorHttp, VendorError, type VendorLog } from '../../vendor-http.js';

/**
 * Atlassian's OAuth 2.0 (3LO) authorization server and identity calls
 * (https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/,
 * https://developer.atlassian.com/cloud/oauth/getting-started/implementing-oauth-3lo):
 * - the browser goes to `{auth}/authorize?audience=api.atlassian.com&client_id&scope&redirect_uri&state&response_type=code&prompt=consent`;
 * - `POST {auth}/oauth/token` JSON `{grant_type: "authorization_code", client_id, client_secret, code, redirect_uri}`
 *   answers `{access_token, expires_in, scope, refresh_token}` (a refresh token only with `offline_access`);
 * - `POST {auth}/oauth/token` JSON `{grant_type: "refresh_token", client_id, client_secret, refresh_token}`
 *   answers a new access token and a NEW refresh token: refresh tokens rotate
 *   (https://developer.atlassian.com/cloud/oauth/getting-started/refresh-tokens);
 * - `GET {api}/me` (`read:me`) answers `{account_id, …}`; `GET {api}/oauth/token/accessible-resources`
 *   answers `[{id (the cloud id), url, name, scopes, avatarUrl}]`
 *   (https://developer.atlassian.com/cloud/oauth/getting-started/making-calls-to-api/).
 * 3LO documents no PKCE: the portal's verifier is not sent, `state` and the client secret protect the flow.
 */

export const JIRA_SCOPES = 'read:jira-work read:me offline_access';

export interface JiraOAuthSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  apiUrl: string;
  log: VendorLog;
}

export interface JiraTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives (3600 in Atlassian's examples). */
  expiresIn: number;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  // Present only when `offline_access` was granted; without it the grant could not outlive an hour.
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().positive(),
});

const meSchema = z.object({ account_id: z.string().min(1) });

const resourcesSchema = z.array(
  z.object({ id: z.string().min(1), url: z.string(), name: z.string().optional() }),
);

export function jiraAuthorizationUrl(
  settings: Pick<JiraOAuthSettings, 'clientId' | 'authUrl'>,
  params: { redirectUri: string; state: string },
): string {
  const query = new URLSearchParams({
    audience: 'api.atlassian.com',
    client_id: settings.clientId,
    scope: JIRA_SCOPES,
    redirect_uri: params.redirectUri,
    state: params.state,
    response_type: 'code',
    prompt: 'consent',
  });
  return `${settings.authUrl.replace(/\/+$/, '')}/authorize?${query.toString()}`;
}

/**
 * An OAuth error answer of the token endpoint names `invalid_grant` when the code or the refresh token is
 * used, expired or revoked (Atlassian answers it with 403 or 400, not documented which:
 * https://developer.atlassian.com/cloud/oauth/getting-started/refresh-tokens lists the error only).
 */
export function isInvalidGrant(error: unknown): boolean {
  return (
    error instanceof VendorError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    /"error"\s*:\s*"invalid_grant"/.test(error.detail ?? '')
  );
}

export function createJiraOAuth(settings: JiraOAuthSettings) {
  const auth = createVendorHttp({ vendor: 'jira', baseUrl: settings.authUrl, log: settings.log });
  const apiAs = (accessToken: string) =>
    createVendorHttp({
      vendor: 'jira',
      baseUrl: settings.apiUrl,
      log: settings.log,
      headers: () => ({ authorization: `Bearer ${accessToken}` }),
      rateLimitReset: 'iso-time',
    });

  const tokens = async (body: Record<string, string>): Promise<JiraTokens> => {
    const answer = await auth.request({
      method: 'POST',
      path: '/oauth/token',
      body: { ...body, client_id: settings.clientId, client_secret: settings.clientSecret },
      schema: tokenSchema,
    });
    if (!answer.refresh_token) {
      throw new ServiceError(
        'UNAUTHENTICATED',
        'Jira granted no offline access. Authorize the ticketing system again and accept every permission.',
      );
    }
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresIn: answer.expires_in,
    };
  };

  return {
    exchangeCode: (input: { code: string; redirectUri: string }) =>
      tokens({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri }),

    refresh: (refreshToken: string) => tokens({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    async accountId(accessToken: string): Promise<string> {
      const me = await apiAs(accessToken).request({ path: '/me', schema: meSchema });
      return me.account_id;
    },

    /** The cloud id of the site at `siteUrl` (an origin) among those the grant reaches; null if none. */
    async cloudIdOf(accessToken: string, siteUrl: string): Promise<string | null> {
      const resources = await apiAs(accessToken).request({
        path: '/oauth/token/accessible-resources',
        schema: resourcesSchema,
      });
      const originOf = (url: string) => {
        try {
          return new URL(url).origin;
        } catch {
          return null;
        }
      };
      // A grant may reach several sites (the user picks them at consent): only the configured one is searched.
      return resources.find((resource) => originOf(resource.url) === siteUrl)?.id ?? null;
    },
  };
}

export type JiraOAuth = ReturnType<typeof createJiraOAuth>;
