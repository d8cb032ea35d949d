import type { ServerResponse } from 'node:http';
import type { FakeRequest } from '../harness';
import type { OAuthServer } from './oauth';
import type { UserDirectory } from './users';

/**
 * The fake's authorization page, standing for Zendesk's sign-in and consent screens:
 *
 *   GET  /oauth/authorizations/new?response_type=code&client_id&redirect_uri&scope&state
 *        [&code_challenge&code_challenge_method=S256]   an HTML form: an Email field, Allow and Deny
 *   POST /oauth/authorizations                            the form (urlencoded): `decision` allow or deny
 *
 * The parameters are those of "Send the user to the Zendesk authorization page"
 * (https://support.zendesk.com/hc/en-us/articles/4408845965210) and the PKCE page
 * (https://developer.zendesk.com/documentation/api-basics/authentication/oauth-pkce). Allow redirects to
 * `redirect_uri?code=…&state=…`; Deny to `redirect_uri?error=access_denied&error_description=…&state=…` (the
 * article's "Handle the user's authorization decision": an `error` and an `error_description` when the user
 * declines). An unknown client or an unregistered redirect URI gets a 400 page and no redirect, as an
 * authorization server must not send the browser to an address it cannot vouch for (RFC 6749 section 4.1.2.1).
 * The typed address picks the fake's user with it, or creates one (an end user): Zendesk's password or SSO
 * step is not faked.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The parameters the form carries back, as the page got them. */
const CARRIED = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

function page(res: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function redirect(res: ServerResponse, target: URL): void {
  res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
  res.end();
}

/** Why the parameters cannot be answered with a redirect, or undefined when they can. */
function refusal(oauth: OAuthServer, params: URLSearchParams): string | undefined {
  const client = oauth.clients.get(params.get('client_id') ?? '');
  if (!client) return 'Unknown OAuth client.';
  const redirectUri = params.get('redirect_uri') ?? '';
  if (!(client.redirectUris ?? []).includes(redirectUri))
    return 'The redirect URL is not registered for this client.';
  return undefined;
}

export function createAuthorizePage(oauth: OAuthServer, users: UserDirectory) {
  return {
    show(request: FakeRequest, res: ServerResponse): void {
      const params = request.query;
      const refused = refusal(oauth, params);
      if (refused) return page(res, 400, 'Authorization refused', `<p id="error">${escapeHtml(refused)}</p>`);
      request.entry.outcome.client = params.get('client_id') ?? '';
      const hidden = CARRIED.map((name) => {
        const value = params.get(name);
        return value === null ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      }).join('');
      const client = params.get('client_id') ?? '';
      page(
        res,
        200,
        'Sign in to the fake Zendesk',
        `<p>${escapeHtml(client)} asks for access (${escapeHtml(params.get('scope') ?? '')}).</p>` +
          `<form method="post" action="/oauth/authorizations">${hidden}` +
          `<label>Email <input type="email" name="email" autocomplete="username"></label>` +
          `<button type="submit" name="decision" value="allow">Allow</button>` +
          `<button type="submit" name="decision" value="deny">Deny</button></form>`,
      );
    },

    decide(request: FakeRequest, res: ServerResponse): void {
      const form = new URLSearchParams(request.body.toString('utf8'));
      const refused = refusal(oauth, form);
      if (refused) return page(res, 400, 'Authorization refused', `<p id="error">${escapeHtml(refused)}</p>`);
      const target = new URL(form.get('redirect_uri') ?? '');
      const state = form.get('state');
      const decision = form.get('decision');
      request.entry.outcome.decision = decision ?? 'none';
      if (decision !== 'allow') {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set(
          'error_description',
          'The end user or authorization server denied the request.',
        );
        if (state !== null) target.searchParams.set('state', state);
        return redirect(res, target);
      }
      if (form.get('response_type') !== 'code') {
        target.searchParams.set('error', 'unsupported_response_type');
        if (state !== null) target.searchParams.set('state', state);
        return redirect(res, target);
      }
      const challenge = form.get('code_challenge');
      if (challenge !== null && form.get('code_challenge_method') !== 'S256') {
        target.searchParams.set('error', 'invalid_request');
        target.searchParams.set('error_description', 'Only the S256 code challenge method is supported.');
        if (state !== null) target.searchParams.set('state', state);
        return redirect(res, target);
      }
      const email = (form.get('email') ?? '').trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
        return page(res, 400, 'Sign in to the fake Zendesk', '<p id="error">Enter an email address.</p>');
      }
      const user = users.byEmail(email) ?? users.add({ email, role: 'end-user', verified: true });
      const code = oauth.issueCode({
        clientId: form.get('client_id') ?? '',
        redirectUri: form.get('redirect_uri') ?? '',
        scope: form.get('scope') ?? 'read',
        codeChallenge: challenge ?? undefined,
        userId: user.id,
        role: user.role,
      });
      request.entry.outcome.user = String(user.id);
      target.searchParams.set('code', code);
      if (state !== null) target.searchParams.set('state', state);
      redirect(res, target);
    },
  };
}
