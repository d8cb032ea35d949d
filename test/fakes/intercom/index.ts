import type { Page } from '@playwright/test';
import { verifyBootToken, type PingVerdict } from './ping-verifier';

/**
 * A fake Intercom for the browser: the widget script (`https://widget.intercom.io/widget/<app_id>`) and the
 * Messenger's ping (`<api_base>/messenger/web/ping`), answered through Playwright's `page.route` on Intercom's
 * real addresses, so `/chatbot` keeps its production Content Security Policy (a request the policy forbids
 * never reaches the route). The widget, like Intercom's, takes over the `Intercom` queue the page made, records
 * every call in `window.intercomCalls`, and pings `api_base` at each `boot` and at each `update` that carries
 * a token; the ping verifies the token with the workspace's identity secret (ping-verifier.ts).
 */

export interface RecordedPing {
  /** The origin the Messenger pinged: the region's `api_base`. */
  apiBase: string;
  call: 'boot' | 'update';
  appId: string | undefined;
  verdict: PingVerdict;
  /** Settings sent in clear beside the token (what the page chose to show Intercom unsigned). */
  clear: Record<string, unknown>;
}

export const INTERCOM_WIDGET_ORIGIN = 'https://widget.intercom.io/';

/** The widget script: replays the page's queue, records every call, pings at boot and at a token update. */
export const FAKE_WIDGET = `(() => {
  const calls = (window.intercomCalls = window.intercomCalls || []);
  const queued = (window.Intercom && window.Intercom.q) || [];
  let settings = {};
  const ping = (call, body) =>
    fetch(String(settings.api_base || 'https://api-iam.intercom.io') + '/messenger/web/ping', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ call, ...body }),
    }).catch(() => undefined);
  const Intercom = (...args) => {
    calls.push(args);
    const [name, options] = args;
    if (name === 'boot') {
      settings = { ...(options || {}) };
      void ping('boot', settings);
    } else if (name === 'update' && options && options.intercom_user_jwt) {
      settings = { ...settings, ...options };
      void ping('update', settings);
    }
  };
  window.Intercom = Intercom;
  for (const args of queued) Intercom(...args);
})();`;

/** Routes the widget and the ping of every Intercom region to the fake; answers what the pings decided. */
export async function routeFakeIntercom(
  page: Page,
  options: { identitySecret: string },
): Promise<{ widgetRequests: string[]; pings: RecordedPing[] }> {
  const widgetRequests: string[] = [];
  const pings: RecordedPing[] = [];
  await page.route(`${INTERCOM_WIDGET_ORIGIN}**`, async (route) => {
    widgetRequests.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body: FAKE_WIDGET });
  });
  await page.route(/^https:\/\/api-iam(\.eu|\.au)?\.intercom\.io\/messenger\/web\/ping$/, async (route) => {
    const request = route.request();
    const body = (request.postDataJSON() ?? {}) as Record<string, unknown>;
    const { call, intercom_user_jwt: token, app_id: appId, ...clear } = body;
    const verdict = await verifyBootToken(
      typeof token === 'string' ? token : undefined,
      options.identitySecret,
    );
    pings.push({
      apiBase: new URL(request.url()).origin,
      call: call === 'update' ? 'update' : 'boot',
      appId: typeof appId === 'string' ? appId : undefined,
      verdict,
      clear,
    });
    const origin = request.headers()['origin'] ?? '*';
    await route.fulfill({
      status: verdict.accepted ? 200 : 401,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' },
      body: JSON.stringify(
        verdict.accepted ? { type: 'ping' } : { errors: [{ code: 'unauthorized', message: verdict.reason }] },
      ),
    });
  });
  return { widgetRequests, pings };
}
