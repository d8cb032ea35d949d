/**
 * The capacity benches' yardstick process (hello-world.mjs) on `port`; answers its URL, its process id and
 * `stop()` once it answers.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { root } from '../support/start-portal.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function startHelloWorld(port) {
  const child = spawn(process.execPath, [join(root, 'bench/capacity/hello-world.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`the hello world on ${port} exited with ${child.exitCode}`);
    const up = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { url, pid: child.pid, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`the hello world on ${port} did not start`);
}
