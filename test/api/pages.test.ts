import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createPageRenderer,
  compileTemplate,
  fillTemplate,
  WebAppBuildInvalidError,
} from '../../src/server/ssr/page-renderer.js';
import { createTestApp, FIXTURE_DIST_DIR, type TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const run = promisify(execFile);
const ASSET = '/assets/app-3f2a1b9c.js';

function stateOf(html: string): unknown {
  const match = /<script type="application\/json" id="portal-state">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no state element');
  return JSON.parse(match[1]);
}

describe('server-side rendered pages (fixture build)', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    // A copy, so precompressing it does not write into the repository.
    dist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
    await cp(FIXTURE_DIST_DIR, dist, { recursive: true });
    await run(process.execPath, ['scripts/compress-assets.mjs', path.join(dist, 'client')]);
    t = await createTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('renders / through the SSR bundle and fills every placeholder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // The same render for every visitor: kept, and cacheable in front of the portal (page-cache.test.ts).
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(res.body).not.toContain('<!--ssr-');
    expect(res.body).toContain('<title>Acme fixture</title>');
    // The bundle's data loader reached the database: the seed has 10 articles, the card shows 6.
    expect(res.body).toContain('<div id="root"><main data-url="/"><h1>6 latest articles</h1>');
  });

  it('copies $ patterns in rendered content literally', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain("Costs $& and $' stay literal");
  });

  it('passes path and search to the renderer and ships the state as inert JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs?article=controller-upgrade-path' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-url="/docs?article=controller-upgrade-path"');
    // The fixture puts "</script>" in its state; it must not close the element early.
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(stateOf(res.body)).toEqual({
      url: '/docs?article=controller-upgrade-path',
      user: null,
      first: 'Controller and gateway upgrade path and best practices',
      note: '</script><script>alert(1)</script>',
    });
  });

  it('names no module in the HTML: one deferred start script lists the entry and every chunk to preload', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs?q=gateway' });
    const head = docs.body.slice(0, docs.body.indexOf('</head>'));
    // Nothing the browser would fetch and parse before the first paint.
    expect(docs.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const tags = head.match(/<script src="[^"]*"[^>]*><\/script>/g) ?? [];
    expect(tags).toHaveLength(1);
    const tag = tags[0] ?? '';
    expect(tag).toMatch(/^<script src="\/assets\/start-after-paint-4e5f6a7b\.js" /);
    expect(tag).toContain(`data-entry="${ASSET}"`);
    expect(tag).toMatch(/ defer><\/script>$/);
    // The route's chunk and what it imports, then the template's own preloads, each once; never the entry.
    expect(/data-preload="([^"]*)"/.exec(tag)?.[1]?.split(' ')).toEqual([
      '/assets/docs-5e6f7a8b.js',
      '/assets/shared-1a2b3c4d.js',
      '/assets/card-9c0d1e2f.js',
    ]);
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('data-preload="/assets/shared-1a2b3c4d.js"');
    // The script is served like Vite's files, named by its content and kept by the browser for a year.
    const script = await t.app.inject({ method: 'GET', url: '/assets/start-after-paint-4e5f6a7b.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('writes the stylesheet into the page instead of linking it (no render-blocking request)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const css = await readFile(path.join(dist, 'client', 'assets', 'style-0a1b2c3d.css'), 'utf8');
    expect(res.body).toContain(`<style>${css}</style>`);
    expect(res.body).not.toMatch(/<link rel="stylesheet"/);
    // The file stays served for anything that still links it (a page rendered by an older build).
    const file = await t.app.inject({ method: 'GET', url: '/assets/style-0a1b2c3d.css' });
    expect(file.statusCode).toBe(200);
  });

  it('never serves the build manifest', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/manifest.json.gz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('src/web/routes/docs.tsx');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });

  it('answers with the status the renderer gives (404 for the No Page page)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('The page is not available anymore.');
  });

  it('renders spa routes that look like files, such as /support-services/{file}.pdf', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/support-services/device-support.pdf' });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('The page is not available anymore.');
  });

  it('answers HEAD like GET, without a body', async () => {
    // Over a real socket: dropping a HEAD body is the HTTP server's work, which `inject` does not simulate.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('');
  });

  it('never serves the raw template', async () => {
    for (const url of ['/index.html', '/index.html.gz', '/index.html.br']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('<!--ssr-html-->');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });

  it('keeps unknown /api paths JSON 404 even with a build present', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: 'Not Found' });
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: ASSET });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('fixture asset line number 59');
  });

  it('serves the precompressed sibling when the browser accepts brotli', async () => {
    const original = await readFile(path.join(dist, 'client', ASSET));
    const res = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).equals(original)).toBe(true);
  });

  it('compress-assets writes .br and .gz for text files over 1 KB only, and never for the template', async () => {
    const client = path.join(dist, 'client');
    await expect(stat(path.join(client, `${ASSET}.br`))).resolves.toBeTruthy();
    await expect(stat(path.join(client, `${ASSET}.gz`))).resolves.toBeTruthy();
    await expect(stat(path.join(client, 'favicon.svg.br'))).rejects.toThrow(); // under 1 KB
    await expect(stat(path.join(client, 'index.html.br'))).rejects.toThrow();
  });

  it('serves other public files with a short cache', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/files/readme.txt' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('Service description placeholder document.\n');
    expect(file.headers['cache-control']).toBe('public, max-age=3600');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('serves PDFs with a CSP that lets the Chrome viewer show them in our frames', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/sample.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Everything else keeps the full policy.
    const text = await t.app.inject({ method: 'GET', url: '/files/readme.txt' });
    expect(text.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('answers a plain 404 for a missing asset rather than a page', async () => {
    for (const url of ['/assets/app-deadbeef.js', '/files/missing.pdf', '/images/none.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/plain; charset=utf-8');
    }
  });

  it('compresses rendered pages for clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('6 latest articles');
  });

  it('answers a render failure with a 500 page that reveals nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Something went wrong');
    expect(res.body).not.toContain('secret internals');
  });
});

describe('pages without a build', () => {
  const t = useTestApp({ seed: false });

  it('answers 503 with a plain message, while the API keeps working', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sla' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.body).toBe('The web app is not built: run npm run build');
    const api = await t.app.inject({ method: 'GET', url: '/api/aggregator/latestKB' });
    expect(api.statusCode).toBe(200);
  });
});

describe('fillTemplate', () => {
  const template = '<head><!--ssr-head--></head><div><!--ssr-html--></div><script><!--ssr-state--></script>';

  it('does not treat placeholders inside rendered content as slots', () => {
    const html = fillTemplate(template, {
      head: '<!--ssr-state-->',
      html: '<p>$1 $$ $`</p>',
      state: '{"a":1}',
    });
    expect(html).toBe('<head><!--ssr-state--></head><div><p>$1 $$ $`</p></div><script>{"a":1}</script>');
  });

  it('fills a template cut once for every page, each with its own values', () => {
    const fill = compileTemplate(`${template}<!--ssr-html-->`);
    const first = fill({ head: 'a', html: 'b', state: 'c' });
    const second = fill({ head: 'x', html: 'y', state: 'z' });
    expect(first).toBe('<head>a</head><div>b</div><script>c</script>b');
    expect(second).toBe('<head>x</head><div>y</div><script>z</script>y');
  });

  it('escapes < in the state, idempotently for already escaped JSON', () => {
    const escaped = JSON.stringify({ s: '</script>' }).replace(/</g, '\\u003c');
    const html = fillTemplate(template, { head: '', html: '', state: escaped });
    expect(html).toContain('{"s":"\\u003c/script>"}');
    expect(JSON.parse(html.slice(html.indexOf('<script>') + 8, html.lastIndexOf('</script>')))).toEqual({
      s: '</script>',
    });
  });
});

describe('the page renderer with a build that cannot start', () => {
  const copies: string[] = [];
  afterEach(async () => {
    await Promise.all(copies.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  async function brokenBuild(change: (client: string) => Promise<void>): Promise<Error> {
    const dist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
    copies.push(dist);
    await cp(FIXTURE_DIST_DIR, dist, { recursive: true });
    await change(path.join(dist, 'client'));
    return createPageRenderer({ distDir: dist })
      .preload()
      .then(
        () => new Error('the build loaded'),
        (error: Error) => error,
      );
  }

  it('refuses a template with an entry and no start script, or two of them', async () => {
    const assets = (client: string) => path.join(client, 'assets');
    const none = await brokenBuild((client) =>
      rm(path.join(assets(client), 'start-after-paint-4e5f6a7b.js')),
    );
    expect(none).toBeInstanceOf(WebAppBuildInvalidError);
    expect(none.message).toMatch(/holds 0 start scripts/);
    const two = await brokenBuild((client) =>
      writeFile(path.join(assets(client), 'start-after-paint-00000000.js'), ''),
    );
    expect(two).toBeInstanceOf(WebAppBuildInvalidError);
    expect(two.message).toMatch(/holds 2 start scripts/);
  });

  it('refuses a template with two entries', async () => {
    const error = await brokenBuild((client) =>
      writeFile(
        path.join(client, 'index.html'),
        '<head><!--ssr-head--><script type="module" src="/a.js"></script>' +
          '<script type="module" src="/b.js"></script></head><div id="root"><!--ssr-html--></div>' +
          '<script type="application/json"><!--ssr-state--></script>',
      ),
    );
    expect(error).toBeInstanceOf(WebAppBuildInvalidError);
    expect(error.message).toMatch(/2 entry modules/);
  });
});
