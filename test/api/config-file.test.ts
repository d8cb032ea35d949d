import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCustomer, sessionCookie } from '../support/factories.js';
import { FIXTURE_DIST_DIR } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

/** The config file a page preloads in its head. */
function configFilePath(html: string): string {
  const match =
    /<link rel="preload" as="fetch" crossorigin id="portal-config" href="(\/portal-config\/[\w-]+\.json)">/.exec(
      html,
    );
  if (!match?.[1]) throw new Error(`the page names no config file: ${html.slice(0, 400)}`);
  return match[1];
}

describe('the config, sent once as a file the browser keeps', () => {
  const t = useTestApp({ distDir: FIXTURE_DIST_DIR, accounts: false });

  it('every page preloads one file, next to the app bundle, that holds the config', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const docs = await t.app.inject({ method: 'GET', url: '/docs?article=geneve-overlay-basics' });
    const path = configFilePath(home.body);
    expect(configFilePath(docs.body)).toBe(path);
    // In the head, so its request starts while the page is parsed, with the app's bundle.
    expect(home.body.indexOf(path)).toBeLessThan(home.body.indexOf('</head>'));
    expect(home.body).not.toContain(t.config.links.trust);

    const file = await t.app.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers.vary).toBe('Accept-Encoding');
    expect(file.json()).toEqual(JSON.parse(JSON.stringify(t.config)));

    const br = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(file.body);
    const again = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': String(file.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a signed-in page names the same file, and it answers without reading the session', async () => {
    const { cookie } = await sessionCookie(t.app, await createCustomer(t.app));
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(page.headers['cache-control']).toBe('private, no-store');
    const path = configFilePath(page.body);
    expect(path).toBe(configFilePath((await t.app.inject({ method: 'GET', url: '/' })).body));
    const file = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['set-cookie']).toBeUndefined();
  });

  it("another config's name gets this config, marked to be asked for again", async () => {
    const file = await t.app.inject({ method: 'GET', url: '/portal-config/an-earlier-hash.json' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-cache');
    expect(file.json()).toEqual(JSON.parse(JSON.stringify(t.config)));
  });

  it.each([
    ['a name without .json', '/portal-config/abc.js'],
    ['a NUL byte', '/portal-config/abc%00.json'],
    ['a path out of the folder', '/portal-config/..%2f..%2fpackage.json'],
    ['a name of 80 characters', `/portal-config/${'a'.repeat(80)}.json`],
  ])('refuses %s with a JSON 400', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ error: 'Bad Request' });
  });

  it('answers a name longer than any route parameter with a plain 404, not a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/portal-config/${'a'.repeat(300)}.json` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});
