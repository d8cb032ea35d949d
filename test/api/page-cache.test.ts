import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/server/connectors/content-folder/load-content.js';
import { get, signInWithPassword, type Browser } from '../support/auth-flow.js';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/server/db/schema/index.js';
import { sha256Hex } from '../../src/server/lib/tokens.js';
import { createAgent, createCustomer, sessionCookie } from '../support/factories.js';
import { articleFile, copyFixtureContent } from '../support/content-copy.js';
import { firstTitle } from '../support/fixture-render.js';
import { createTestApp, FIXTURE_DIST_DIR, type TestApp } from '../support/test-app.js';

const run = promisify(execFile);
const PUBLIC = 'public, max-age=60, stale-while-revalidate=600';

describe('anonymous pages from memory', () => {
  let t: TestApp;
  let dist: string;
  let content: Awaited<ReturnType<typeof copyFixtureContent>>;
  let agent: Browser;
  let agentName: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
    await cp(FIXTURE_DIST_DIR, dist, { recursive: true });
    await run(process.execPath, ['scripts/compress-assets.mjs', path.join(dist, 'client')]);
    // A copy of the content, so that a test can edit it.
    content = await copyFixtureContent();
    t = await createTestApp({ distDir: dist, contentDir: content.dir, accounts: false });
    const staff = await createAgent(t.app);
    agentName = staff.name;
    agent = await signInWithPassword(t.app, staff.email, staff.password);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
    await content?.remove();
  });

  it('serves one render with a strong ETag, answers 304 to it, and keeps both compressed forms', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/docs?article=geneve-overlay-basics' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers.vary).toBe('Accept-Encoding, Cookie');

    const again = await t.app.inject({
      method: 'GET',
      url: '/docs?article=geneve-overlay-basics',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const encoded = (accept: string) =>
      t.app.inject({
        method: 'GET',
        url: '/docs?article=geneve-overlay-basics',
        headers: { 'accept-encoding': accept },
      });
    const br = await encoded('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    const gz = await encoded('gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(first.body);
    // Another address is another page, with its own validator.
    const other = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(other.headers.etag).not.toBe(etag);
  });

  it('the No Page page is kept too, with its 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe(PUBLIC);
    const again = await t.app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a signed-in visitor gets a render of their own, never the kept one, and private, no-store', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/' });
    expect(anonymous.headers.etag).toBeDefined();
    const mine = await get(agent, '/');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect(mine.body).toContain(`Signed in as ${agentName}`);
    expect(anonymous.body).not.toContain('Signed in as');
    // Their validator is not the shared page's either: a 304 is only ever for the shared render.
    const conditional = await get(agent, '/', { 'if-none-match': String(anonymous.headers.etag) });
    expect(conditional.statusCode).toBe(200);
    expect(conditional.body).toContain(`Signed in as ${agentName}`);
  });

  it('an edited Markdown file shows on the next request once the content is loaded again', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/' });
    const title = firstTitle(before.body);
    const file = await articleFile(content.dir, title);
    await writeFile(file, (await readFile(file, 'utf8')).replace(title, `${title}, revised`));
    // What the content watcher does after a change (main.ts).
    await loadContent({ db: t.app.db, dir: content.dir });
    await t.app.contentLoaded();
    const after = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(firstTitle(after.body)).toBe(`${title}, revised`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('a dead session cookie gets the kept page, but never as a public answer with its Set-Cookie', async () => {
    const customer = await createCustomer(t.app);
    const { cookie, token } = await sessionCookie(t.app, { id: customer.id, role: 'customer' });
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sha256Hex(token)));
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('portal_session=;');
    // A CDN keeping this answer would clear the cookie of everyone it serves it to.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toBeDefined();
  });

  it('a cookie of no session (forged, or replaced by a newer sign-in) gets the public page, and is left alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'portal_session=forged-or-replaced-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toMatch(/^public/);
  });

  it('search results are not kept: their address holds any query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/search?q=gateway' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeUndefined();
  });
});
