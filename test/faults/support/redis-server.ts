import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

/**
 * A redis-server of the fault tests' own, in memory only (no RDB, no AOF), on its own port, that a test can
 * stop (SIGKILL, as a crash) and start again on the same port.
 */

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRedisServer(port: number): Promise<RedisServer> {
  const binary = process.env.REDIS_SERVER_BIN ?? 'redis-server';
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    if (await portOpen(port)) throw new Error(`something already listens on ${port}`);
    const started = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await portOpen(port))) {
      if (started.exitCode !== null) throw new Error(`redis-server exited (${String(started.exitCode)})`);
      if (Date.now() > deadline) throw new Error(`redis-server does not listen on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const current = child;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGKILL');
      await exited;
      child = undefined;
    },
    start,
  };
}
