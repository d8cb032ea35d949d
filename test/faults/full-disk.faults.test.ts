import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketPath } from '../support/tickets.js';
import { startLoad, summarize } from './support/load-loop.js';
import { signedInCustomerIn } from './support/signed-in-customer.js';
import {
  createdTicketId,
  customerLoad,
  removeServerBundle,
  startPortal,
  type Portal,
} from './support/portal.js';

/**
 * The embedded database's folder (DATA_DIR, PGlite) on a small tmpfs that a filler file then fills to the last
 * byte, under a load of a signed-in customer's reads and ticket creations on one portal (5031): writes are
 * refused with a 503 JSON that says the disk is full, reads go on, nothing hangs, the process lives, and writes
 * work again once space is freed. Needs root (mount); skipped with a message otherwise.
 */

const PORTAL_PORT = 5031;
const ANSWER_WITHIN_MS = 12_000;
const run = promisify(execFile);

let mountPoint = '';
let mounted = false;
let portal: Portal | undefined;
let cookie = '';
let mountRefused = '';

beforeAll(async () => {
  mountPoint = await mkdtemp(path.join(tmpdir(), 'portal-faults-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mountPoint]);
    mounted = true;
  } catch (error) {
    mountRefused = String(error);
    console.log(`full disk: skipped, mount -t tmpfs is not permitted here (${mountRefused})`);
    return;
  }
  // The customer and session are made in-process first (PGlite has one process at a time on its folder).
  ({ cookie } = await signedInCustomerIn(mountPoint));
  portal = await startPortal('portal (:5031, PGlite)', PORTAL_PORT, { DATA_DIR: mountPoint });
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  if (mounted) await run('umount', ['-l', mountPoint]).catch(() => undefined);
  await rm(mountPoint, { recursive: true, force: true });
  await removeServerBundle();
}, 60_000);

/** Writes a file until the device is full (ENOSPC); answers its path. */
async function fill(dir: string): Promise<string> {
  const file = path.join(dir, 'filler');
  await run('sh', ['-c', `dd if=/dev/zero of='${file}' bs=1M 2>/dev/null; sync; true`]);
  return file;
}

const freeBytes = async (dir: string): Promise<number> =>
  Number((await run('df', ['--output=avail', '-B1', dir])).stdout.split('\n')[1]?.trim());

describe('a full disk under the embedded database', () => {
  it('refuses writes with a 503 JSON that says so, goes on reading, and writes again once space is freed', async () => {
    if (!portal) return;
    const load = startLoad(customerLoad(portal.url, cookie), {
      deadlineMs: ANSWER_WITHIN_MS,
      pauseMs: 50,
      workersPerRequest: 2,
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const filledAt = load.now();
    const filler = await fill(mountPoint);
    const free = await freeBytes(mountPoint);
    await new Promise((resolve) => setTimeout(resolve, 8000));
    const freedAt = load.now();
    await rm(filler);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const outcomes = await load.stop();

    const during = outcomes.filter((outcome) => outcome.at >= filledAt + 1000 && outcome.at < freedAt);
    const after = outcomes.filter((outcome) => outcome.at >= freedAt + 2000);
    const writes = during.filter((outcome) => outcome.name === 'create ticket');
    const reads = during.filter((outcome) => outcome.name === 'read ticket list');
    const figures = {
      freeBytesWhenFull: free,
      all: summarize(outcomes),
      writesWhileFull: summarize(writes),
      readsWhileFull: summarize(reads),
      afterFreed: summarize(after),
    };
    console.log(`full disk: ${JSON.stringify(figures)}`);
    const refusals = writes.filter((outcome) => outcome.status === 503).map((outcome) => outcome.body);
    console.log(`full disk: a refusal: ${refusals[0] ?? 'none'}`);
    const failures = portal.child.lines.filter((line) => line.includes('request failed'));
    if (failures.length > 0) console.log(`full disk: a failure logged: ${failures[0]?.slice(0, 1500)}`);

    expect(portal.child.process.exitCode).toBeNull();
    expect(outcomes.filter((outcome) => outcome.status === 0).map((outcome) => outcome.error)).toEqual([]);
    expect(figures.all.slowestMs).toBeLessThan(ANSWER_WITHIN_MS);
    // Reads go on.
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((outcome) => outcome.status === 200)).toBe(true);
    // Writes are refused, each with a 503 JSON that says why; never a 500. (The first few may still go through:
    // PostgreSQL's write-ahead log has room in the segment it allocated before the disk filled up.)
    expect(writes.length).toBeGreaterThan(0);
    expect(
      writes.map((outcome) => outcome.status).filter((status) => status !== 503 && status !== 201),
    ).toEqual([]);
    expect(refusals.length).toBeGreaterThan(writes.length / 2);
    for (const body of refusals) {
      expect(JSON.parse(body)).toMatchObject({
        message: expect.stringMatching(/disk|space|storage/i) as unknown,
      });
    }
    // And work again once there is room; every ticket acknowledged, while full too, is there.
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((outcome) => outcome.status < 300)).toBe(true);
    const acknowledged = outcomes
      .filter((outcome) => outcome.name === 'create ticket' && outcome.status === 201)
      .map((outcome) => createdTicketId(outcome.body));
    for (const id of acknowledged) {
      const res = await fetch(`${portal.url}${ticketPath(id)}`, { headers: { cookie } });
      expect(res.status, `ticket ${id}`).toBe(200);
    }
  }, 120_000);
});
