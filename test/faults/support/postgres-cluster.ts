import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL 15 cluster of the fault tests' own (initdb and pg_ctl from Debian's packages), on its own port
 * and in a temp folder, so that a test can stop it and start it again. The machine's own server (5432) is never
 * touched: other work uses it. Run as the `postgres` user (runuser) when the test runs as root, since PostgreSQL
 * refuses to run as root.
 */

const BIN = process.env.FAULTS_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** pg_ctl stop: `immediate` is a crash (no checkpoint), `fast` ends sessions cleanly. */
  stop(mode: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster (if up) and removes its folder. */
  destroy(): Promise<void>;
}

function asPostgres(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  if (process.getuid?.() === 0) return run('runuser', ['-u', 'postgres', '--', command, ...args]);
  return run(command, args);
}

export async function startPostgresCluster(port: number): Promise<PostgresCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-faults-pg-'));
  // The postgres user must be able to create the data folder inside.
  await chmod(dir, 0o777);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  await asPostgres(path.join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const pgCtl = path.join(BIN, 'pg_ctl');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = async (): Promise<void> => {
    await asPostgres(pgCtl, ['-D', data, '-l', log, '-o', options, '-w', '-t', '30', 'start']);
  };
  let up = false;
  await start();
  up = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop(mode) {
      await asPostgres(pgCtl, ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
      up = false;
    },
    async start() {
      await start();
      up = true;
    },
    async destroy() {
      if (up) await asPostgres(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
