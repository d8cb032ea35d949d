#!/usr/bin/env node
/**
 * Page bench: Lighthouse 12 (default mobile emulation, simulated throttling) on the portal's key pages, plus the
 * JavaScript and CSS each page loads at first load. See bench/README.md.
 *
 *   npm run build && npm run bench:pages
 *
 * Environment:
 *   BENCH_URL      bench an already running portal (e.g. http://localhost:3000) instead of starting one
 *   BENCH_PORT     port of the portal the bench starts (default 4330)
 *   BENCH_RUNS     Lighthouse runs per page (default 3; the median is reported)
 *   BENCH_ROUTES   comma-separated paths (default "/,/sla")
 *   CHROMIUM_PATH  Chromium binary (default /usr/bin/chromium), as for the browser tests
 *   BENCH_ASSERT   "1": exit with status 1 when a target is missed
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root, startPortal, waitForReady } from '../support/start-portal.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4330);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const ROUTES = (process.env.BENCH_ROUTES ?? '/,/sla')
  .split(',')
  .map((r) => r.trim())
  .filter(Boolean);
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 95, accessibility: 100, initialJsGzipKb: 150 };

const log = (...args) => console.error('[bench:pages]', ...args);
const median = (values) => {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};
const kb = (bytes) => (bytes == null ? '–' : `${(bytes / 1024).toFixed(1)} KB`);

// ---------------------------------------------------------------------------------------------------------
// The server under test
// ---------------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------------
// Lighthouse
// ---------------------------------------------------------------------------------------------------------

const isJs = (r) =>
  r.resourceType === 'Script' || /javascript|ecmascript/.test(r.mimeType ?? '') || /\.m?js(\?|$)/.test(r.url);
const isCss = (r) =>
  r.resourceType === 'Stylesheet' || /text\/css/.test(r.mimeType ?? '') || /\.css(\?|$)/.test(r.url);

function summarise(records, predicate) {
  const files = records.filter((r) => /^https?:/.test(r.url) && predicate(r));
  return {
    files: files.length,
    transferBytes: files.reduce((s, r) => s + (r.transferSize ?? 0), 0),
    resourceBytes: files.reduce((s, r) => s + (r.resourceSize ?? 0), 0),
    list: files.map((r) => ({
      url: r.url,
      transferBytes: r.transferSize ?? 0,
      resourceBytes: r.resourceSize ?? 0,
      priority: r.priority,
    })),
  };
}

async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError)
      throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = (id) =>
      lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    const records = lhr.audits['network-requests']?.details?.items ?? [];
    const failed = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual',
      )
      .filter((a) => ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
      .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue }));
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
      metrics: {
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        speedIndexMs: metric('speed-index'),
      },
      js: summarise(records, isJs),
      css: summarise(records, (r) => !isJs(r) && isCss(r)),
      renderBlocking: (lhr.audits['render-blocking-resources']?.details?.items ?? []).map((i) => ({
        url: i.url,
        wastedMs: i.wastedMs,
      })),
      lcpElement:
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ??
        null,
      failedAudits: failed,
      // Where the main-thread time goes (unthrottled ms, as measured; the simulation scales them by the CPU slowdown).
      mainThread: Object.fromEntries(
        (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => [
          i.group,
          Math.round(i.duration),
        ]),
      ),
      scriptBootup: (lhr.audits['bootup-time']?.details?.items ?? []).map((i) => ({
        url: i.url,
        totalMs: Math.round(i.total),
        scriptingMs: Math.round(i.scripting),
      })),
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((i) => ({
        url: i.url,
        startMs: Math.round(i.startTime),
        durationMs: Math.round(i.duration),
      })),
      unusedJs: (lhr.audits['unused-javascript']?.details?.items ?? []).map((i) => ({
        url: i.url,
        totalBytes: i.totalBytes,
        wastedBytes: i.wastedBytes,
      })),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      userAgent: lhr.environment?.hostUserAgent ?? null,
      lighthouseVersion: lhr.lighthouseVersion,
    };
  } finally {
    await chrome.kill();
  }
}

/** Gzip (level 9) each JS file the page requested at load, as the server sends it decoded, and sum. */
async function gzipSizes(list) {
  const files = [];
  for (const { url } of list) {
    const res = await fetch(url);
    const body = Buffer.from(await res.arrayBuffer());
    files.push({ url, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
  }
  return {
    rawBytes: files.reduce((s, f) => s + f.rawBytes, 0),
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    files,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) =>
    r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

async function main() {
  const loadAtStart = Math.round(loadavg()[0] * 100) / 100;
  if (loadAtStart > cpus().length * 0.75) {
    log(
      `warning: load average ${loadAtStart} on ${cpus().length} cores; other work will make the pages look slower`,
    );
  }
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROMIUM_PATH)`);
  let baseUrl = process.env.BENCH_URL?.replace(/\/$/, '');
  let stop = async () => {};
  if (baseUrl) {
    log(`benching ${baseUrl} (BENCH_URL)`);
    await waitForReady(baseUrl, null, '(BENCH_URL)');
  } else {
    ({ baseUrl, stop } = await startPortal({ port: PORT, log }));
  }

  const cleanExit = async () => {
    await stop().catch(() => {});
    process.exit(130);
  };
  process.once('SIGINT', cleanExit);
  process.once('SIGTERM', cleanExit);

  try {
    // Warm-up: the first request of a route may compile templates or fill caches.
    for (const route of ROUTES) {
      const res = await fetch(baseUrl + route);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${route} → ${res.status}`);
    }

    const pages = [];
    for (const route of ROUTES) {
      const runs = [];
      for (let i = 1; i <= RUNS; i++) {
        log(`Lighthouse ${route} run ${i}/${RUNS}`);
        try {
          runs.push(await runLighthouse(baseUrl + route));
        } catch (err) {
          // One retry: a run can fail on a transient error (e.g. the server restarting); two in a row is real.
          log(`run failed (${err.message.split('\n')[0]}); retrying once`);
          runs.push(await runLighthouse(baseUrl + route));
        }
      }
      // The run whose performance score is the median provides the network figures (they barely vary).
      const perfMedian = median(runs.map((r) => r.scores.performance));
      const medianRun =
        runs.find((r) => r.scores.performance === perfMedian) ?? runs[Math.floor(runs.length / 2)];
      const page = {
        route,
        url: baseUrl + route,
        runs: runs.length,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
        metrics: Object.fromEntries(
          Object.keys(runs[0].metrics).map((m) => [m, median(runs.map((r) => r.metrics[m]))]),
        ),
        js: medianRun.js,
        css: medianRun.css,
        renderBlocking: medianRun.renderBlocking,
        lcpElement: medianRun.lcpElement,
        mainThread: medianRun.mainThread,
        scriptBootup: medianRun.scriptBootup,
        longTasks: medianRun.longTasks,
        unusedJs: medianRun.unusedJs,
        failedAudits: medianRun.failedAudits,
        perRun: runs.map((r) => ({ scores: r.scores, metrics: r.metrics, benchmarkIndex: r.benchmarkIndex })),
        lighthouseVersion: medianRun.lighthouseVersion,
      };
      page.jsGzip = await gzipSizes(page.js.list);
      pages.push(page);
    }

    const env = {
      date: new Date().toISOString(),
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      // Other work on the machine slows the simulated metrics down; 1-minute load average at the start and end.
      loadAverage: { start: loadAtStart, end: Math.round(loadavg()[0] * 100) / 100 },
      node: process.version,
      chromium: (() => {
        try {
          return execFileSync(CHROME_PATH, ['--version'], {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
          }).trim();
        } catch {
          return null;
        }
      })(),
      lighthouse: pages[0]?.lighthouseVersion ?? null,
      benchmarkIndex: median(pages.flatMap((p) => p.perRun.map((r) => r.benchmarkIndex))),
      settings: 'Lighthouse default config: mobile emulation, simulated throttling',
      baseUrl,
      command: [
        ...['BENCH_URL', 'BENCH_PORT', 'BENCH_RUNS', 'BENCH_ROUTES', 'CHROMIUM_PATH']
          .filter((name) => process.env[name])
          .map((name) => `${name}=${process.env[name]}`),
        'npm run bench:pages',
      ].join(' '),
    };

    const home = pages.find((p) => p.route === '/');
    const checks = [
      ...pages.map((p) => ({
        target: `${p.route} performance ≥ ${TARGETS.performance}`,
        value: p.scores.performance,
        ok: p.scores.performance >= TARGETS.performance,
      })),
      ...pages.map((p) => ({
        target: `${p.route} accessibility = ${TARGETS.accessibility}`,
        value: p.scores.accessibility,
        ok: p.scores.accessibility >= TARGETS.accessibility,
      })),
      ...(home
        ? [
            {
              target: `/ initial JS ≤ ${TARGETS.initialJsGzipKb} KB gzipped`,
              value: `${(home.jsGzip.gzipBytes / 1024).toFixed(1)} KB`,
              ok: home.jsGzip.gzipBytes <= TARGETS.initialJsGzipKb * 1024,
            },
          ]
        : []),
    ];

    // Print.
    const out = [];
    out.push(
      `\nLighthouse ${env.lighthouse ?? '?'} — median of ${RUNS} run(s), mobile, simulated throttling — ${env.cpus} cores, benchmarkIndex ${env.benchmarkIndex ?? '?'}, load ${env.loadAverage.start} → ${env.loadAverage.end}\n`,
    );
    out.push(
      table([
        ['route', 'perf', 'a11y', 'best-pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'],
        ...pages.map((p) => [
          p.route,
          p.scores.performance,
          p.scores.accessibility,
          p.scores['best-practices'],
          p.scores.seo,
          `${(p.metrics.fcpMs / 1000).toFixed(2)} s`,
          `${(p.metrics.lcpMs / 1000).toFixed(2)} s`,
          `${Math.round(p.metrics.tbtMs)} ms`,
          p.metrics.cls.toFixed(3),
        ]),
      ]),
    );
    out.push('\nAssets loaded at first load (wire = transferred, incl. headers; raw = uncompressed)\n');
    out.push(
      table([
        ['route', 'JS files', 'JS wire', 'JS raw', 'JS gzip-9', 'CSS files', 'CSS wire', 'CSS raw'],
        ...pages.map((p) => [
          p.route,
          p.js.files,
          kb(p.js.transferBytes),
          kb(p.js.resourceBytes),
          kb(p.jsGzip.gzipBytes),
          p.css.files,
          kb(p.css.transferBytes),
          kb(p.css.resourceBytes),
        ]),
      ]),
    );
    for (const p of pages) {
      out.push(`\n${p.route} — JS and CSS files (wire / raw):`);
      for (const f of [...p.js.list, ...p.css.list]) {
        out.push(
          `  ${kb(f.transferBytes).padStart(9)} / ${kb(f.resourceBytes).padStart(9)}  ${f.url.replace(baseUrl, '')}`,
        );
      }
      if (p.renderBlocking.length) {
        out.push(
          `  render-blocking: ${p.renderBlocking.map((r) => `${r.url.replace(baseUrl, '')} (${Math.round(r.wastedMs)} ms)`).join(', ')}`,
        );
      }
      if (p.lcpElement) out.push(`  LCP element: ${p.lcpElement.slice(0, 140)}`);
      const busy = Object.entries(p.mainThread)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([group, ms]) => `${group} ${ms} ms`);
      if (busy.length) out.push(`  main thread (unthrottled): ${busy.join(', ')}`);
      const tasks = [...p.longTasks].sort((a, b) => b.durationMs - a.durationMs).slice(0, 3);
      if (tasks.length) {
        const name = (u) => (u ? u.replace(baseUrl, '') : '(page)');
        out.push(
          `  longest tasks (simulated): ${tasks.map((t) => `${t.durationMs} ms ${name(t.url)}`).join(', ')}`,
        );
      }
      for (const u of p.unusedJs) {
        out.push(
          `  unused JS at load: ${kb(u.wastedBytes)} of ${kb(u.totalBytes)} in ${u.url.replace(baseUrl, '')}`,
        );
      }
      const failed = p.failedAudits.filter((a) => a.score < 0.9 && !a.id.endsWith('-insight'));
      if (failed.length)
        out.push(`  audits below 0.9: ${failed.map((a) => `${a.id} (${a.score})`).join(', ')}`);
    }
    out.push('\nTargets');
    for (const c of checks) out.push(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.target}: ${c.value}`);
    console.log(out.join('\n'));

    // Write.
    const resultsDir = join(root, 'bench/results');
    await mkdir(resultsDir, { recursive: true });
    const file = join(resultsDir, `pages-${env.date.slice(0, 10)}.json`);
    await writeFile(file, JSON.stringify({ env, targets: TARGETS, checks, pages }, null, 2) + '\n');
    console.log(`\nwritten ${relative(root, file)}`);

    if (process.env.BENCH_ASSERT === '1' && checks.some((c) => !c.ok)) process.exitCode = 1;
  } catch (err) {
    await stop({ showLog: true }).catch(() => {});
    throw err;
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(`[bench:pages] ${err.stack ?? err}`);
  process.exit(1);
});
