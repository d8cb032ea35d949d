import type { PageSources } from '../connectors/page-sources.js';
import type { Env } from '../env.js';

/** The spec's monitoring: every session sampled, every sampled session's replay kept. */
const SPEC_SAMPLE_RATE = 100;

/** The element the agent reads its settings from (data, not script: the CSP allows no inline script). */
export const BROWSER_MONITORING_ELEMENT_ID = 'browser-monitoring';

export interface BrowserMonitoring {
  /** Written into every page's head: the settings as JSON, then the agent's script. */
  headTags: string;
  /** The origins every page must allow for it, and no other. */
  sources: PageSources;
}

const attribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The browser monitoring service (session replay and sampling) as configured, or null when it is off, the
 * default: then pages carry nothing of it and the CSP names no other origin. The agent's script is the
 * operator's choice of vendor; the portal hands it the sample rates and where to send, and loads it from the
 * configured address, never from a build or a test.
 */
export function browserMonitoring(env: Env): BrowserMonitoring | null {
  const script = env.BROWSER_MONITORING_SCRIPT_URL;
  if (script === undefined) return null;
  const ingest = env.BROWSER_MONITORING_INGEST_URL;
  const settings = {
    sessionSampleRate: env.BROWSER_MONITORING_SESSION_SAMPLE_RATE ?? SPEC_SAMPLE_RATE,
    sessionReplaySampleRate: env.BROWSER_MONITORING_REPLAY_SAMPLE_RATE ?? SPEC_SAMPLE_RATE,
    ...(ingest === undefined ? {} : { ingestUrl: ingest }),
  };
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return {
    headTags:
      `<script type="application/json" id="${BROWSER_MONITORING_ELEMENT_ID}">${json}</script>` +
      `<script src="${attribute(script)}" async></script>`,
    sources: {
      scriptSrc: [new URL(script).origin],
      ...(ingest === undefined ? {} : { connectSrc: [new URL(ingest).origin] }),
    },
  };
}
