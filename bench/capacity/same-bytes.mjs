#!/usr/bin/env node
/**
 * How much of a kept page's cost is the portal's own work and how much is the bytes (bench/README.md,
 * "Capacity"). Starts the production build (as bench/capacity/run.mjs does), reads the exact answer of each
 * page (Brotli body and every header), and starts a bare Fastify process that answers those same bytes and
 * headers from memory. Then autocannon runs, in alternating slices, against the hello world, the same-bytes
 * route and the portal, and prints each rate and the portal's share of the same-bytes route.
 *
 *   npm run build && node bench/capacity/same-bytes.mjs
 *
 * Environment: BENCH_DURATION (seconds per target and page, default 10), BENCH_SLICES (default 2),
 * BENCH_CONNECTIONS (default 32), BENCH_PORT (default 4340; the mirror takes the next one).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import autocannon from '../support/autocannon.mjs';
import { startPortal } from '../support/start-portal.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 2));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 4340);
const MIRROR_PORT = PORT + 1;
const PAGES = ['/', '/sla', '/docs?article=upgrade-path-7-2-to-8-1', '/api/aggregator/latestKB'];
const BROWSER = { 'accept-encoding': 'br, gzip' };
/** Written by Node for every answer; the mirror's own Node writes its own. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The raw answer (undecoded body, headers) of a GET, as autocannon receives it. */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: BROWSER }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(res.headers).filter(([name]) => !PER_CONNECTION.has(name)),
        );
        resolve({ status: res.statusCode, headers, body: Buffer.concat(chunks).toString('base64') });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** A bare Fastify process answering each page's bytes at /0, /1, ... and the hello world at /hello. */
async function startMirror(answers) {
  const source = `
    const Fastify = require('fastify');
    const answers = JSON.parse(process.env.ANSWERS);
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    answers.forEach((answer, i) => {
      const body = Buffer.from(answer.body, 'base64');
      app.get('/' + i, (request, reply) => { reply.code(answer.status).headers(answer.headers).send(body); });
    });
    app.listen({ port: ${MIRROR_PORT}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, ANSWERS: JSON.stringify(answers) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${MIRROR_PORT}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null || i === 100) throw new Error('the same-bytes server did not start');
    if (
      await fetch(`${url}/hello`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function rate(url, headers = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION / SLICES, headers });
  return { requests: result.requests.total, seconds: result.duration };
}

async function main() {
  const portal = await startPortal({ port: PORT, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' } });
  let mirror;
  try {
    for (const page of PAGES)
      for (let i = 0; i < 5; i += 1) await fetch(portal.baseUrl + page, { headers: BROWSER });
    const answers = await Promise.all(PAGES.map((page) => rawGet(portal.baseUrl + page)));
    mirror = await startMirror(answers);
    console.log(
      '| page | bytes | hello world | same bytes | portal | same bytes / hello | portal / same bytes |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const [i, page] of PAGES.entries()) {
      const totals = { hello: [], same: [], portal: [] };
      for (let slice = 0; slice < SLICES; slice += 1) {
        totals.hello.push(await rate(`${mirror.url}/hello`));
        totals.same.push(await rate(`${mirror.url}/${i}`));
        totals.portal.push(await rate(portal.baseUrl + page, BROWSER));
      }
      const rps = (runs) =>
        runs.reduce((sum, run) => sum + run.requests, 0) / runs.reduce((sum, run) => sum + run.seconds, 0);
      const [hello, same, own] = [rps(totals.hello), rps(totals.same), rps(totals.portal)];
      const bytes = Buffer.from(answers[i].body, 'base64').length;
      console.log(
        `| ${page} | ${bytes} | ${Math.round(hello)} | ${Math.round(same)} | ${Math.round(own)} | ${((100 * same) / hello).toFixed(1)} % | ${((100 * own) / same).toFixed(1)} % |`,
      );
    }
  } finally {
    await mirror?.stop();
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
