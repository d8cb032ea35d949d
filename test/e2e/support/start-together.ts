import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { z } from 'zod';

/**
 * Starts the servers of the browser tests in one step: the first group (the protocol peers, which the portals
 * find at their start), then every server of the next group at once. Playwright starts the entries of
 * `webServer` one after another, each once the one before answers, so three portals took the sum of their
 * starts; together they take about the longest. Playwright waits for this process's own `/ready`, which
 * answers 200 once every server has answered its URL, and stops it with SIGTERM, which stops every server.
 *
 * The servers come as JSON in E2E_SERVERS (playwright.config.ts writes it): groups of
 * `{ name, command, url, env }`, the command run by `sh -c`; `/ready` listens on E2E_READY_PORT.
 */

const serverSchema = z.object({
  name: z.string(),
  command: z.string(),
  url: z.string().url(),
  env: z.record(z.string(), z.string()).default({}),
});
const groupsSchema = z.array(z.array(serverSchema));
type Server = z.infer<typeof serverSchema>;

/** Each server's start may take this long (a portal with the demo data on a busy machine). */
const START_TIMEOUT_MS = 180_000;
const POLL_MS = 200;

const children: ChildProcess[] = [];
let stopping = false;

function startServer(server: Server): ChildProcess {
  // A process group of its own (detached), so that stopping it reaches the shell's children too.
  const child = spawn('sh', ['-c', server.command], {
    env: { ...process.env, ...server.env },
    detached: true,
    // Their logs stay out of the test output, as with Playwright's own `webServer` entries; errors show.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${server.name}] exited before the tests ended (${code ?? signal})`);
    void stopAll(1);
  });
  children.push(child);
  return child;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

async function waitUntilAnswering(server: Server): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(server.url))) {
    if (Date.now() > deadline) throw new Error(`${server.name} did not answer ${server.url} in time`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Gone already.
  }
}

async function stopAll(code: number): Promise<never> {
  stopping = true;
  for (const child of children) signalGroup(child, 'SIGTERM');
  const exited = children.map(
    (child) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      }),
  );
  await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  for (const child of children) signalGroup(child, 'SIGKILL');
  process.exit(code);
}

async function main(): Promise<void> {
  const groups = groupsSchema.parse(JSON.parse(process.env.E2E_SERVERS ?? '[]'));
  const port = Number(process.env.E2E_READY_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_READY_PORT must name a port');
  let ready = false;
  const probe = createServer((_request, response) => {
    response.writeHead(ready ? 200 : 503, { 'content-type': 'text/plain' }).end(ready ? 'ready' : 'starting');
  });
  probe.listen(port, '127.0.0.1');
  process.once('SIGTERM', () => void stopAll(0));
  process.once('SIGINT', () => void stopAll(0));

  for (const group of groups) {
    const started = Date.now();
    group.forEach(startServer);
    await Promise.all(group.map(waitUntilAnswering));
    const names = group.map((server) => server.name).join(', ');
    console.error(`[servers] ${names} answering after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  ready = true;
}

main().catch((error: unknown) => {
  console.error('[servers]', error instanceof Error ? error.message : error);
  void stopAll(1);
});
