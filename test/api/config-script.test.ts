import { runInNewContext } from 'node:vm';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PORTAL_CONFIG_GLOBAL } from '../../src/common/contracts/ssr.js';
import { createCustomer, sessionCookie } from '../support/factories.js';
import { FIXTURE_DIST_DIR } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

/** The config script a page names in its head. */
function configScriptPath(html: string): string {
  const match = /<script defer src="(\/portal-config\/[\w-]+\.js)"><\/script>/.exec(html);
  if (!match?.[1]) throw new Error(`the page names no config script: ${html.slice(0, 400)}`);
  return match[1];
}

/** What a browser gets from running the script: the global it sets. */
function runScript(source: string): unknown {
  const scope: Record<string, unknown> = {};
  runInNewContext(source, { self: scope });
  return JSON.parse(JSON.stringify(scope[PORTAL_CONFIG_GLOBAL]));
}

describe('the config, sent once as a file the browser keeps', () => {
  const t = useTestApp({ distDir: FIXTURE_DIST_DIR, accounts: false });

  it('every page names one script, before the app bundle, that sets the config', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const docs = await t.app.inject({ method: 'GET', url: '/docs?article=geneve-overlay-basics' });
    const path = configScriptPath(home.body);
    expect(configScriptPath(docs.body)).toBe(path);
    // Deferred and before the entry module, so it has run when the app starts.
    expect(home.body.indexOf(path)).toBeLessThan(home.body.indexOf('<script type="module"'));
    expect(home.body).not.toContain(t.config.links.trust);

    const script = await t.app.inject({ method: 'GET', url: path });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers.vary).toBe('Accept-Encoding');
    expect(runScript(script.body)).toEqual(JSON.parse(JSON.stringify(t.config)));

    const br = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script.body);
    const again = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': String(script.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a signed-in page names the same script, and it answers without reading the session', async () => {
    const { cookie } = await sessionCookie(t.app, await createCustomer(t.app));
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(page.headers['cache-control']).toBe('private, no-store');
    const path = configScriptPath(page.body);
    expect(path).toBe(configScriptPath((await t.app.inject({ method: 'GET', url: '/' })).body));
    const script = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['set-cookie']).toBeUndefined();
  });

  it("another config's name gets this config, marked to be asked for again", async () => {
    const script = await t.app.inject({ method: 'GET', url: '/portal-config/an-earlier-hash.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('no-cache');
    expect(runScript(script.body)).toEqual(JSON.parse(JSON.stringify(t.config)));
  });

  it.each([
    ['a name without .js', '/portal-config/abc'],
    ['a NUL byte', '/portal-config/abc%00.js'],
    ['a path out of the folder', '/portal-config/..%2f..%2fpackage.json'],
    ['a name of 80 characters', `/portal-config/${'a'.repeat(80)}.js`],
  ])('refuses %s with a JSON 400', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ error: 'Bad Request' });
  });

  it('answers a name longer than any route parameter with a plain 404, not a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/portal-config/${'a'.repeat(300)}.js` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});
