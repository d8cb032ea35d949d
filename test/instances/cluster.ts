import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * Real processes for the several-instances test: portal instances of the server bundle built from the sources
 * as `npm run build` builds it (scripts/build-server.mjs, about a second), and Debian's nginx in front of them,
 * round robin, with a configuration, pid file, logs and temp folders of its own in a temp folder. The bundle
 * rather than `node --import tsx src/server/main.ts`: on a busy 2-core machine two instances compiling the
 * sources through tsx took 40 s to listen.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where nginx is looked for: NGINX_BIN, else Debian's. */
export function nginxBinary(): string | undefined {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx'].filter(
    (file): file is string => Boolean(file),
  );
  return candidates.find((file) => existsSync(file));
}

export const NGINX_MISSING =
  'nginx is not installed: the several-instances test puts it in front of two portal instances. ' +
  "Install Debian's package (`apt-get install nginx-light`, as .ci/run does) or set NGINX_BIN.";

/** A child process whose output is kept (for log checks and for a failure's message). */
export interface Child {
  process: ChildProcess;
  /** Every line written so far, stdout and stderr together. */
  lines: string[];
  /** Resolves once a line matches, or rejects when the process exits or `timeoutMs` passes. */
  waitForLine(match: (line: string) => boolean, timeoutMs: number): Promise<string>;
  /** The last lines, for a failure's message. */
  tail(count?: number): string;
  stop(): Promise<void>;
}

function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let waiters: Array<() => void> = [];
  let exited = false;
  const wake = (): void => {
    const current = waiters;
    waiters = [];
    for (const waiter of current) waiter();
  };
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      partial += chunk;
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts.filter((line) => line !== ''));
      wake();
    });
  }
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      wake();
      resolve();
    });
  });
  const tail = (count = 20): string => `${name}:\n${lines.slice(-count).join('\n')}`;
  return {
    process: child,
    lines,
    tail,
    waitForLine(match, timeoutMs) {
      return new Promise((resolve, reject) => {
        let settled = false;
        const settle = (outcome: () => void): void => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          outcome();
        };
        const timer = setTimeout(
          () => settle(() => reject(new Error(`${name}: no such line in ${timeoutMs} ms\n${tail()}`))),
          timeoutMs,
        );
        const check = (): void => {
          if (settled) return;
          const found = lines.find(match);
          if (found !== undefined) return settle(() => resolve(found));
          if (exited) {
            return settle(() => reject(new Error(`${name} exited (${String(child.exitCode)})\n${tail()}`)));
          }
          waiters.push(check);
        };
        check();
      });
    },
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    },
  };
}

/** Resolves once something listens on the port (a few seconds at most, else it rejects). */
async function waitForPort(port: number, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (child.process.exitCode !== null)
      throw new Error(`exited before listening on ${port}\n${child.tail()}`);
    if (Date.now() > deadline)
      throw new Error(`nothing listens on ${port} after ${timeoutMs} ms\n${child.tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The server bundle of the current sources, in a folder of its own under node_modules/.cache (where its
 * packages, left external, still resolve); answers its main module and a function that removes it.
 */
export async function buildServerBundle(): Promise<{ main: string; remove: () => Promise<void> }> {
  const dir = path.join(repoRoot, 'node_modules/.cache', `portal-instances-${process.pid}`);
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', dir], { cwd: repoRoot });
  return { main: path.join(dir, 'main.js'), remove: () => rm(dir, { recursive: true, force: true }) };
}

/** One portal instance of the bundle `main` (buildServerBundle), on `port`, with `env` on top of the test's. */
export async function startInstance(
  main: string,
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<Child> {
  const child = startChild(name, process.execPath, ['--enable-source-maps', main], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  });
  try {
    // It listens last, once migrated, loaded and built (src/server/main.ts).
    await waitForPort(port, child, 60_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
}

export interface Nginx {
  url: string;
  child: Child;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /**
   * deploy/nginx.conf's failover: a failed connection or a 502/503/504 moves the request to the other instance
   * (an idempotent one, or any request not yet sent), an instance failing 3 times is left alone 10 s, and the
   * live streams are never retried. Off (the default), every request stays where round robin sent it, as the
   * several-instances test needs to say which instance answered.
   */
  failover?: boolean;
}

/**
 * nginx on 127.0.0.1:`port`, round robin over `upstreams`, in the foreground (a child of the test), with every
 * path it writes in a temp folder. Each answer names the instance that gave it (`x-upstream`), so a test can
 * say which instance a request reached. Streams pass unbuffered (the portal sends `X-Accel-Buffering: no`).
 */
export async function startNginx(
  port: number,
  upstreams: readonly number[],
  options: NginxOptions = {},
): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error(NGINX_MISSING);
  const failover = options.failover ?? false;
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-nginx-'));
  await mkdir(path.join(dir, 'logs'));
  const temp = (name: string) => path.join(dir, name);
  const config = `
daemon off;
master_process on;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('logs/error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream portal {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream}${failover ? ' max_fails=3 fail_timeout=10s' : ''};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_read_timeout 60s;
    add_header X-Upstream $upstream_addr always;
${
  failover
    ? `    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 2;
    location ~ ^/api/(noticesModule/events|tickets/events|assistant/messages)$ {
      proxy_pass http://portal;
      proxy_buffering off;
      proxy_next_upstream off;
    }`
    : '    proxy_next_upstream off;'
}
    location / {
      proxy_pass http://portal;
    }
  }
}
`;
  const file = temp('nginx.conf');
  await writeFile(file, config);
  const child = startChild('nginx', binary, ['-e', temp('logs/error.log'), '-p', dir, '-c', file], {
    PATH: process.env.PATH,
  });
  try {
    await waitForPort(port, child, 10_000);
  } catch (error) {
    await child.stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      await child.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
