#!/usr/bin/env node
/**
 * Page bench: Lighthouse 12 (default mobile emulation, simulated throttling) on every page of the portal,
 * signed out and signed in as a customer, an agent and an admin (the session cookie passed in Lighthouse's
 * extra headers), plus the JavaScript and CSS each page loads at first load. See bench/README.md.
 *
 *   npm run build && npm run bench:pages
 *
 * Environment:
 *   BENCH_URL      bench an already running portal (e.g. http://localhost:3000) instead of starting one; only
 *                  signed out (the bench's users exist only in the portal it starts)
 *   BENCH_PORT     port of the portal the bench starts (default 4330)
 *   BENCH_RUNS     Lighthouse runs per page (default 3; the median is reported)
 *   BENCH_ROLES    comma-separated roles (default "signed-out,customer,agent,admin")
 *   BENCH_ROUTES   comma-separated paths (default: every page, each in the roles that can open it); a path
 *                  given here is benched in every role of BENCH_ROLES
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
import { signInCustomer, signInStaff, writeNotice } from './sign-in.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4330);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const list = (value) =>
  value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
const ALL_ROLES = ['signed-out', 'customer', 'agent', 'admin'];
const ROLES = list(process.env.BENCH_ROLES ?? ALL_ROLES.join(','));
for (const role of ROLES) {
  if (!ALL_ROLES.includes(role))
    throw new Error(`BENCH_ROLES: unknown role ${role} (${ALL_ROLES.join(', ')})`);
}
const ROUTES = process.env.BENCH_ROUTES ? list(process.env.BENCH_ROUTES) : null;

const EVERYONE = ALL_ROLES;
const SIGNED_IN = ['customer', 'agent', 'admin'];
/**
 * Every page of src/web/app/routes.tsx and who can open it. Left out: the steps of the sign-in flows (/code,
 * /zendeskAuth, /helpdesk/authorize, /login/callback, /logoutAgent: each needs a flow in progress) and the
 * server's redirects (/trust, /zendeskInitAuth, /jiraAuth), and the No Page page (Lighthouse refuses a 404
 * document: ERRORED_DOCUMENT_REQUEST). Signed out, the members' pages are benched too:
 * they send the visitor home and open Customer Login, which is what a shared link does to a visitor.
 * `{ticket}` and `{notice}` are the ids of the ticket and the notice the bench writes.
 */
const PAGES = [
  { path: '/', roles: EVERYONE },
  { path: '/sla', roles: EVERYONE },
  { path: '/Acme-EOL-Policy', roles: EVERYONE },
  { path: '/Acme-Chatbot-Policy', roles: EVERYONE },
  { path: '/service-descriptions', roles: EVERYONE },
  { path: '/support-services/software-support-services.pdf', roles: EVERYONE },
  { path: '/locating-controllerid-customerid', roles: EVERYONE },
  { path: '/download-process', roles: EVERYONE },
  { path: '/search?q=gateway', roles: EVERYONE },
  { path: '/docs', roles: EVERYONE },
  { path: '/docs?article=upgrade-path-7-2-to-8-1', roles: EVERYONE },
  { path: '/downloads', roles: EVERYONE },
  { path: '/downloads/api-collection', roles: EVERYONE },
  { path: '/chatbot', roles: EVERYONE },
  { path: '/notifications', roles: EVERYONE },
  { path: '/notification-details?id={notice}', roles: EVERYONE },
  { path: '/tickets', roles: EVERYONE },
  { path: '/tickets/new', roles: ['signed-out', 'customer'] },
  { path: '/tickets/{ticket}', roles: SIGNED_IN },
  { path: '/support-notices', roles: ['signed-out', 'admin'] },
  { path: '/users', roles: ['admin'] },
  { path: '/users?id={notice}', roles: ['admin'] },
  { path: '/admin/search-analytics', roles: ['admin'] },
  { path: '/admin/download-records', roles: ['admin'] },
];

/** The (path, role) pairs to bench, in role order. */
function plan() {
  return ROLES.flatMap((role) =>
    (ROUTES ?? PAGES.filter((p) => p.roles.includes(role)).map((p) => p.path)).map((path) => ({
      path,
      role,
    })),
  );
}
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
const TARGETS = { performance: 95, cls: 0.1, accessibility: 100, initialJsGzipKb: 150 };

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

/**
 * Where each run's whole report and its Chrome trace are kept (`BENCH_KEEP_DIR`): the summary names the long
 * tasks, and only the trace shows what ran in them (a layout, a timer, a module's evaluation).
 */
const KEEP_DIR = process.env.BENCH_KEEP_DIR;

async function keepReport(url, lhr, trace) {
  await mkdir(KEEP_DIR, { recursive: true });
  const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}`;
  await writeFile(join(KEEP_DIR, `${name}.report.json`), JSON.stringify(lhr));
  if (trace) await writeFile(join(KEEP_DIR, `${name}.trace.json`), JSON.stringify(trace));
}

async function runLighthouse(url, cookie) {
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
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (KEEP_DIR) await keepReport(url, lhr, result.artifacts?.Trace);
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

/**
 * Signs in the users prepare-users.ts made and writes a notice; answers each role's `Cookie` header and the
 * ids the paths name.
 */
async function signInRoles(baseUrl, users, logFile) {
  const cookies = { 'signed-out': null };
  if (ROLES.includes('customer'))
    cookies.customer = await signInCustomer(baseUrl, users.customer.email, logFile);
  if (ROLES.includes('agent')) cookies.agent = await signInStaff(baseUrl, users.agent);
  // The admin also writes the notice the notice pages show, whichever roles are benched.
  cookies.admin = await signInStaff(baseUrl, users.admin);
  const notice = await writeNotice(baseUrl, cookies.admin);
  return { cookies, ids: { ticket: String(users.ticketId), notice: String(notice) } };
}

/** The page's users, made in the portal's database before it starts (a production portal has no demo accounts). */
function prepareUsers(env) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/pages/prepare-users.ts'], {
    cwd: root,
    env: { ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { users: JSON.parse(out.trim().split('\n').at(-1)), logFile: join(env.DATA_DIR, 'portal.log') };
}

const withIds = (path, ids) => path.replace(/\{(\w+)\}/g, (_m, key) => ids[key] ?? `{${key}}`);

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
  let prepared = null;
  if (baseUrl) {
    if (ROLES.some((r) => r !== 'signed-out')) {
      throw new Error('BENCH_URL benches signed out only: set BENCH_ROLES=signed-out');
    }
    log(`benching ${baseUrl} (BENCH_URL)`);
    await waitForReady(baseUrl, null, '(BENCH_URL)');
  } else {
    ({ baseUrl, stop, prepared } = await startPortal({ port: PORT, log, prepare: prepareUsers }));
  }

  const cleanExit = async () => {
    await stop().catch(() => {});
    process.exit(130);
  };
  process.once('SIGINT', cleanExit);
  process.once('SIGTERM', cleanExit);

  try {
    const { cookies, ids } = prepared
      ? await signInRoles(baseUrl, prepared.users, prepared.logFile)
      : { cookies: { 'signed-out': null }, ids: {} };
    const todo = plan().map(({ path, role }) => ({ route: withIds(path, ids), role, cookie: cookies[role] }));

    // Warm-up: the first request of a route may compile templates or fill caches.
    for (const { route, role, cookie } of todo) {
      const res = await fetch(baseUrl + route, { headers: cookie ? { cookie } : {} });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${route} (${role}) → ${res.status}`);
    }

    const pages = [];
    const failures = [];
    for (const [index, { route, role, cookie }] of todo.entries()) {
      const runs = [];
      for (let i = 1; i <= RUNS; i++) {
        log(`Lighthouse ${route} ${role} run ${i}/${RUNS} (page ${index + 1}/${todo.length})`);
        try {
          runs.push(await runLighthouse(baseUrl + route, cookie));
        } catch (err) {
          // One retry: a run can fail on a transient error (e.g. the server restarting); two in a row is real.
          log(`run failed (${err.message.split('\n')[0]}); retrying once`);
          try {
            runs.push(await runLighthouse(baseUrl + route, cookie));
          } catch (again) {
            log(`run failed again (${again.message.split('\n')[0]}); page left out`);
            failures.push({ route, role, error: again.message.split('\n')[0] });
          }
        }
      }
      if (runs.length === 0) continue;
      // The run whose performance score is the median provides the network figures (they barely vary).
      const perfMedian = median(runs.map((r) => r.scores.performance));
      const medianRun =
        runs.find((r) => r.scores.performance === perfMedian) ?? runs[Math.floor(runs.length / 2)];
      const page = {
        route,
        role,
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
      commit: (() => {
        try {
          return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
            cwd: root,
            encoding: 'utf8',
          }).trim();
        } catch {
          return null;
        }
      })(),
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
        ...['BENCH_URL', 'BENCH_PORT', 'BENCH_RUNS', 'BENCH_ROLES', 'BENCH_ROUTES', 'CHROMIUM_PATH']
          .filter((name) => process.env[name])
          .map((name) => `${name}=${process.env[name]}`),
        'npm run bench:pages',
      ].join(' '),
    };

    const name = (p) => `${p.route} (${p.role})`;
    const checks = pages.flatMap((p) => [
      {
        target: `${name(p)} performance ≥ ${TARGETS.performance}`,
        value: p.scores.performance,
        ok: p.scores.performance >= TARGETS.performance,
      },
      {
        target: `${name(p)} CLS ≤ ${TARGETS.cls}`,
        value: p.metrics.cls.toFixed(3),
        ok: p.metrics.cls <= TARGETS.cls,
      },
      {
        target: `${name(p)} initial JS ≤ ${TARGETS.initialJsGzipKb} KB gzipped`,
        value: `${(p.jsGzip.gzipBytes / 1024).toFixed(1)} KB`,
        ok: p.jsGzip.gzipBytes <= TARGETS.initialJsGzipKb * 1024,
      },
      {
        target: `${name(p)} accessibility = ${TARGETS.accessibility}`,
        value: p.scores.accessibility,
        ok: p.scores.accessibility >= TARGETS.accessibility,
      },
    ]);

    // Print.
    const out = [];
    out.push(
      `\nLighthouse ${env.lighthouse ?? '?'} — median of ${RUNS} run(s), mobile, simulated throttling — ${env.cpus} cores, benchmarkIndex ${env.benchmarkIndex ?? '?'}, load ${env.loadAverage.start} → ${env.loadAverage.end}, commit ${env.commit ?? '?'}\n`,
    );
    out.push(
      table([
        ['route', 'role', 'perf', 'a11y', 'best-pr.', 'FCP', 'LCP', 'TBT', 'CLS', 'JS gzip-9', 'perf runs'],
        ...pages.map((p) => [
          p.route,
          p.role,
          p.scores.performance,
          p.scores.accessibility,
          p.scores['best-practices'],
          `${(p.metrics.fcpMs / 1000).toFixed(2)} s`,
          `${(p.metrics.lcpMs / 1000).toFixed(2)} s`,
          `${Math.round(p.metrics.tbtMs)} ms`,
          p.metrics.cls.toFixed(3),
          kb(p.jsGzip.gzipBytes),
          p.perRun.map((r) => r.scores.performance).join(' '),
        ]),
      ]),
    );
    out.push('\nAssets loaded at first load (wire = transferred, incl. headers; raw = uncompressed)\n');
    out.push(
      table([
        ['route', 'role', 'JS files', 'JS wire', 'JS raw', 'JS gzip-9', 'CSS files', 'CSS wire', 'CSS raw'],
        ...pages.map((p) => [
          p.route,
          p.role,
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
      out.push(`\n${name(p)} — JS and CSS files (wire / raw):`);
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
        const label = (u) => (u ? u.replace(baseUrl, '') : '(page)');
        out.push(
          `  longest tasks (simulated): ${tasks.map((t) => `${t.durationMs} ms ${label(t.url)}`).join(', ')}`,
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
    for (const f of failures) out.push(`\nNOT MEASURED ${f.route} (${f.role}): ${f.error}`);
    out.push('\nTargets missed');
    const missed = checks.filter((c) => !c.ok);
    for (const c of missed) out.push(`  FAIL  ${c.target}: ${c.value}`);
    out.push(`  ${checks.length - missed.length} of ${checks.length} checks met`);
    console.log(out.join('\n'));

    // Write.
    const resultsDir = join(root, 'bench/results');
    await mkdir(resultsDir, { recursive: true });
    const file = join(resultsDir, `pages-${env.date.replace(/[:.]/g, '-')}.json`);
    await writeFile(file, JSON.stringify({ env, targets: TARGETS, checks, failures, pages }, null, 2) + '\n');
    console.log(`\nwritten ${relative(root, file)}`);

    if (process.env.BENCH_ASSERT === '1' && (missed.length > 0 || failures.length > 0)) process.exitCode = 1;
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
