import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../src/server/env.js';
import { BROWSER_MONITORING_ELEMENT_ID } from '../../../src/server/ssr/browser-monitoring.js';
import { FIXTURE_DIST_DIR } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The spec's browser monitoring (session replay, sampling) is configuration: off by default, when nothing of it
 * reaches a page or its Content Security Policy; when set, the page carries its settings and the agent's
 * script, and the CSP allows those two origins and no others. Nothing is fetched from them here.
 */

const SCRIPT = 'https://agent.monitoring.example/browser-agent.js';
const INGEST = 'https://ingest.monitoring.example/v1/sessions';

function directive(csp: unknown, name: string): string[] {
  const entry = String(csp)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
  return entry ? entry.split(/\s+/).slice(1) : [];
}

describe('off by default', () => {
  const t = useTestApp({ seed: false, distDir: FIXTURE_DIST_DIR });

  it('adds nothing to a page and nothing to its CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(BROWSER_MONITORING_ELEMENT_ID);
    expect(page.body).not.toContain('monitoring.example');
    const csp = page.headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
  });
});

describe('configured', () => {
  const t = useTestApp({
    seed: false,
    distDir: FIXTURE_DIST_DIR,
    env: {
      BROWSER_MONITORING_SCRIPT_URL: SCRIPT,
      BROWSER_MONITORING_INGEST_URL: INGEST,
      BROWSER_MONITORING_SESSION_SAMPLE_RATE: '100',
      BROWSER_MONITORING_REPLAY_SAMPLE_RATE: '25',
    },
  });

  it("hands the page the sample rates and loads the agent's script", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const settings = new RegExp(
      `<script type="application/json" id="${BROWSER_MONITORING_ELEMENT_ID}">(.*?)</script>`,
    ).exec(page.body);
    expect(JSON.parse(settings?.[1] ?? 'null')).toEqual({
      sessionSampleRate: 100,
      sessionReplaySampleRate: 25,
      ingestUrl: INGEST,
    });
    expect(page.body).toContain(`<script src="${SCRIPT}" async></script>`);
  });

  it('allows exactly the two configured origins, on pages and every other answer', async () => {
    for (const url of ['/', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'];
      expect(directive(csp, 'script-src'), url).toEqual(["'self'", 'https://agent.monitoring.example']);
      expect(directive(csp, 'connect-src'), url).toEqual(["'self'", 'https://ingest.monitoring.example']);
    }
  });

  it('refuses an ingest address without the script, and rates out of 0-100', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', BROWSER_MONITORING_INGEST_URL: INGEST })).toThrow(
      /BROWSER_MONITORING_SCRIPT_URL/,
    );
    expect(() =>
      loadEnv({
        NODE_ENV: 'test',
        BROWSER_MONITORING_SCRIPT_URL: SCRIPT,
        BROWSER_MONITORING_REPLAY_SAMPLE_RATE: '101',
      }),
    ).toThrow(/BROWSER_MONITORING_REPLAY_SAMPLE_RATE/);
    expect(() =>
      loadEnv({ NODE_ENV: 'test', BROWSER_MONITORING_SCRIPT_URL: 'http://agent.example/a.js' }),
    ).toThrow(/BROWSER_MONITORING_SCRIPT_URL/);
  });
});
