import type { IncomingMessage } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { loadEnv } from '../../../src/server/env.js';
import { metricsAccess } from '../../../src/server/plugins/metrics-access.js';
import { REQUEST_ID_HEADER } from '../../../src/server/plugins/request-id.js';
import { refusal } from '../../support/callers.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Who may read `/metrics`: the configured addresses (loopback unless set), judged on the client address the
 * trusted proxies vouch for, or a bearer token; anyone else a JSON 403, decided before the session is read.
 */

const TOKEN = 'scrape-token-0123456789abcdef';
const PROXY = '10.0.0.1';

function requestFrom(peer: string, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage;
}

describe('the address and token rule', () => {
  const loopbackOnly = metricsAccess({ allowFrom: ['loopback'], token: undefined, trustProxy: false });
  const behindProxy = metricsAccess({ allowFrom: ['loopback'], token: TOKEN, trustProxy: PROXY });
  const trustEveryHop = metricsAccess({ allowFrom: ['loopback'], token: undefined, trustProxy: true });

  it('lets loopback in by default, IPv4, IPv6 and IPv4-mapped, and nobody else', () => {
    expect(loopbackOnly(requestFrom('127.0.0.1'))).toBe(true);
    expect(loopbackOnly(requestFrom('::1'))).toBe(true);
    expect(loopbackOnly(requestFrom('::ffff:127.0.0.1'))).toBe(true);
    expect(loopbackOnly(requestFrom('10.1.2.3'))).toBe(false);
    expect(loopbackOnly(requestFrom('203.0.113.9'))).toBe(false);
  });

  it('never believes X-Forwarded-For from a peer it does not trust', () => {
    // A client claiming loopback.
    expect(loopbackOnly(requestFrom('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }))).toBe(false);
    // nginx on the same machine, not named in TRUST_PROXY: its loopback address lends nothing.
    expect(loopbackOnly(requestFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }))).toBe(false);
    expect(behindProxy(requestFrom('10.0.0.2', { 'x-forwarded-for': '127.0.0.1' }))).toBe(false);
  });

  it('behind a trusted proxy judges the address that proxy saw, not what the client claims', () => {
    expect(behindProxy(requestFrom(PROXY, { 'x-forwarded-for': '127.0.0.1' }))).toBe(true);
    expect(behindProxy(requestFrom(PROXY, { 'x-forwarded-for': '203.0.113.9' }))).toBe(false);
    expect(behindProxy(requestFrom(PROXY, { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' }))).toBe(false);
  });

  it('with every hop trusted, judges only a request that was not forwarded', () => {
    expect(trustEveryHop(requestFrom('127.0.0.1'))).toBe(true);
    expect(trustEveryHop(requestFrom('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }))).toBe(false);
  });

  it('lets the token in from anywhere, and nothing that is not exactly it', () => {
    expect(behindProxy(requestFrom('203.0.113.9', { authorization: `Bearer ${TOKEN}` }))).toBe(true);
    expect(behindProxy(requestFrom('203.0.113.9', { authorization: `bearer ${TOKEN}` }))).toBe(true);
    expect(behindProxy(requestFrom('203.0.113.9', { authorization: `Bearer ${TOKEN}x` }))).toBe(false);
    expect(behindProxy(requestFrom('203.0.113.9', { authorization: `Bearer ${TOKEN.slice(1)}` }))).toBe(
      false,
    );
    expect(behindProxy(requestFrom('203.0.113.9', { authorization: TOKEN }))).toBe(false);
    expect(loopbackOnly(requestFrom('203.0.113.9', { authorization: 'Bearer ' }))).toBe(false);
  });

  it('reads METRICS_ALLOW_FROM as a list, none as nobody, and refuses what is not an address', () => {
    expect(loadEnv({ NODE_ENV: 'test' }).METRICS_ALLOW_FROM).toEqual(['loopback']);
    expect(loadEnv({ NODE_ENV: 'test', METRICS_ALLOW_FROM: '10.0.0.0/8, ::1' }).METRICS_ALLOW_FROM).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadEnv({ NODE_ENV: 'test', METRICS_ALLOW_FROM: 'none' }).METRICS_ALLOW_FROM).toEqual([]);
    expect(() => loadEnv({ NODE_ENV: 'test', METRICS_ALLOW_FROM: 'prometheus.internal' })).toThrow(
      /METRICS_ALLOW_FROM/,
    );
    expect(() => loadEnv({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

describe('GET /metrics through the app', () => {
  const t = useTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: PROXY } });
  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: apiPaths.system.metrics, remoteAddress, headers });

  it('answers a non-allowed address 403 with a JSON error and the request id, before reading a session', async () => {
    const resolve = vi.spyOn(t.app.sessions, 'resolve');
    const res = await scrape('203.0.113.9', {
      cookie: 'portal_session=abcdefghijklmnopqrstuvwxyz012345',
      'x-request-id': 'scrape-1',
    });
    expect(refusal(res, 403)).toMatch(/METRICS_ALLOW_FROM/);
    expect(res.headers[REQUEST_ID_HEADER]).toBe('scrape-1');
    expect(resolve).not.toHaveBeenCalled();
    // The same cookie on another route is read: the spy would have seen it.
    await t.app.inject({
      method: 'GET',
      url: apiPaths.system.health,
      headers: { cookie: 'portal_session=abcdefghijklmnopqrstuvwxyz012345' },
    });
    expect(resolve).toHaveBeenCalled();
    resolve.mockRestore();
  });

  it('refuses a forwarded loopback address from an untrusted peer, and a wrong token', async () => {
    refusal(await scrape('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }), 403);
    refusal(await scrape('203.0.113.9', { authorization: 'Bearer not-the-token-at-all-0000' }), 403);
  });

  it('lets in loopback, loopback vouched for by the trusted proxy, and the token', async () => {
    expect((await scrape('127.0.0.1')).statusCode).toBe(200);
    expect((await scrape(PROXY, { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
    const withToken = await scrape('203.0.113.9', { authorization: `Bearer ${TOKEN}` });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('# TYPE portal_http_request_duration_seconds histogram');
  });
});
