import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES } from '../../src/common/attachments.js';
import { apiPaths } from '../../src/common/api-paths.js';
import { loadEnv } from '../../src/server/env.js';
import { readRuntimeStage } from './dockerfile.js';

/**
 * compose.yaml and deploy/nginx.conf, checked without Docker: the compose file's instances share what must be
 * shared and their settings pass the portal's own validation; nginx accepts its file (`nginx -t`, with the
 * compose host names pointed at loopback) and it routes what the portal needs.
 */

const root = path.resolve(import.meta.dirname, '../..');
const composeText = readFileSync(path.join(root, 'compose.yaml'), 'utf8');
const nginxText = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
const image = readRuntimeStage(path.join(root, 'Dockerfile'));

const serviceSchema = z.object({
  image: z.string().optional(),
  build: z.unknown().optional(),
  environment: z.record(z.string(), z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  ports: z.array(z.string()).optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  healthcheck: z.object({ test: z.array(z.string()) }).optional(),
});
const composeSchema = z.object({ services: z.record(z.string(), serviceSchema) });
// Merge keys (`<<: *portal`) are YAML 1.1; Compose reads them.
const compose = composeSchema.parse(parse(composeText, { merge: true }));
const services = compose.services;
const portals = Object.entries(services).filter(([, service]) => service.image?.startsWith('support-portal'));

/** `${NAME:?message}` and `${NAME:-default}` as Compose fills them, with the values of `given`. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(
    /\$\{(\w+)(?::([?-])([^}]*))?\}/g,
    (_all, name: string, kind?: string, rest?: string) => {
      const set = given[name];
      if (set !== undefined && set !== '') return set;
      if (kind === '?') throw new Error(`${name} is required: ${rest ?? ''}`);
      return kind === '-' ? (rest ?? '') : '';
    },
  );
}

const operatorValues = {
  POSTGRES_PASSWORD: 'secret',
  CHAT_JWT_SECRET: 'c'.repeat(40),
  PUBLIC_URL: 'https://support.acme.example',
};

describe('compose.yaml', () => {
  it('runs PostgreSQL, Redis, two instances of the one image and nginx', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'nginx']));
    expect(portals.map(([name]) => name)).toHaveLength(2);
    expect(new Set(portals.map(([, service]) => service.image)).size).toBe(1);
    // Only nginx is published; the instances are reached through it.
    for (const [, service] of portals) expect(service.ports).toBeUndefined();
    expect(services.nginx?.ports).toHaveLength(1);
  });

  it("the instances' settings pass the portal's validation and are the same on both", () => {
    const envs = portals.map(([, service]) =>
      Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([name, value]) => [
          name,
          interpolate(value, operatorValues),
        ]),
      ),
    );
    const [first, second] = envs;
    expect(second).toEqual(first);
    const env = loadEnv({ ...image.env, ...first });
    expect(env.NODE_ENV).toBe('production');
    // Shared state: the database, Redis and the secrets, every one pointing at a service of the file.
    expect(new URL(env.DATABASE_URL ?? '').hostname).toBe('postgres');
    expect(new URL(env.REDIS_URL ?? '').hostname).toBe('redis');
    expect(env.CHAT_JWT_SECRET).toBe(operatorValues.CHAT_JWT_SECRET);
    expect(env.PUBLIC_URL).toBe(operatorValues.PUBLIC_URL);
    expect(env.TRUST_PROXY).not.toBe(false);
    // A secret that is not given stops `docker compose up` with its message, not an instance with a default.
    expect(() => interpolate(services['portal-1']?.environment?.CHAT_JWT_SECRET ?? '', {})).toThrow(
      /CHAT_JWT_SECRET/,
    );
  });

  it('the instances wait for a healthy database and Redis, nginx for healthy instances', () => {
    for (const [, service] of portals) {
      expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(service.depends_on?.redis?.condition).toBe('service_healthy');
    }
    expect(services.postgres?.healthcheck).toBeDefined();
    expect(services.redis?.healthcheck).toBeDefined();
    // service_healthy of an instance needs the image's HEALTHCHECK.
    expect(image.healthcheck).toBeDefined();
    for (const [name] of portals)
      expect(services.nginx?.depends_on?.[name]?.condition).toBe('service_healthy');
  });

  it("mounts deploy/nginx.conf, a file that exists, as nginx's site", () => {
    const mount = services.nginx?.volumes?.find((volume) => volume.includes('nginx.conf'));
    const [source = ''] = (mount ?? '').split(':');
    expect(existsSync(path.join(root, source))).toBe(true);
    expect(path.resolve(root, source)).toBe(path.join(root, 'deploy/nginx.conf'));
  });
});

/** The directives' values, each as a list of its words (comments dropped). */
function directives(text: string, name: string): string[][] {
  const withoutComments = text.replace(/#[^\n]*/g, '');
  return [...withoutComments.matchAll(new RegExp(`(?:^|[\\s;{])${name}\\s+([^;{]+)[;{]`, 'g'))].map((match) =>
    (match[1] ?? '').trim().split(/\s+/),
  );
}

describe('deploy/nginx.conf', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('balances over exactly the compose instances, on the port they listen on', () => {
    const upstreamServers = directives(nginxText, 'server')
      .map((words) => words[0] ?? '')
      .filter((target) => target.includes(':'));
    const port = image.env.PORT;
    expect(upstreamServers.sort()).toEqual(portals.map(([name]) => `${name}:${port}`).sort());
    // Round robin is nginx's default: no other balancing method is chosen.
    expect(nginxText).not.toMatch(/^\s*(ip_hash|least_conn|hash|random)\b/m);
  });

  it("sets the forwarded headers the portal reads, and the portal's body limit", () => {
    const headers = directives(nginxText, 'proxy_set_header').map((words) => words[0]);
    expect(headers).toEqual(
      expect.arrayContaining(['Host', 'X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host']),
    );
    const [limit] = directives(nginxText, 'client_max_body_size').map((words) => words[0] ?? '');
    expect(limit).toMatch(/^\d+m$/);
    expect(Number.parseInt(limit ?? '', 10) * 1024 * 1024).toBe(ATTACHMENT_MAX_BYTES);
  });

  it('streams the live events unbuffered', () => {
    const streaming = /location ~ (\S+) \{([^}]*)\}/g;
    const blocks = [...nginxText.matchAll(streaming)].filter((match) =>
      /proxy_buffering off;/.test(match[2] ?? ''),
    );
    expect(blocks).toHaveLength(1);
    const pattern = new RegExp(blocks[0]?.[1] ?? '^$');
    for (const stream of [apiPaths.notices.events, apiPaths.tickets.events, apiPaths.assistant.messages]) {
      expect(stream).toMatch(pattern);
    }
    // Past the 25 s comment line the portal sends on an idle stream.
    const [timeout] = /proxy_read_timeout (\d+)s/.exec(blocks[0]?.[2] ?? '')?.slice(1) ?? [];
    expect(Number(timeout)).toBeGreaterThan(25);
  });

  it('nginx -t accepts it (the instance host names pointed at loopback)', () => {
    const site = nginxText.replace(/server portal-\d+:/g, 'server 127.0.0.1:');
    writeFileSync(path.join(scratch, 'site.conf'), site);
    for (const dir of ['logs', 'temp']) mkdirSync(path.join(scratch, dir), { recursive: true });
    const temp = path.join(scratch, 'temp');
    writeFileSync(
      path.join(scratch, 'nginx.conf'),
      [
        `pid ${path.join(scratch, 'nginx.pid')};`,
        `error_log ${path.join(scratch, 'logs/error.log')};`,
        'events {}',
        'http {',
        `  access_log off;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${path.join(temp, kind)};`,
        ),
        `  include ${path.join(scratch, 'site.conf')};`,
        '}',
      ].join('\n'),
    );
    const result = spawnSync('nginx', ['-t', '-p', scratch, '-c', path.join(scratch, 'nginx.conf')], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.error).toBeUndefined();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('test is successful');
  });
});
