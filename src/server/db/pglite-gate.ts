import type { PGlite } from '@electric-sql/pglite';
import { DatabaseBusyError } from './errors.js';

/**
 * PGlite runs one statement or transaction at a time and queues the rest without a limit, so a transaction
 * that never ends (or a burst larger than the database can serve) would hold every request behind it
 * forever. This gate puts the same one-at-a-time rule in front of PGlite, with a bound on the wait: a caller
 * that cannot start within `acquireMs` gets a {@link DatabaseBusyError} and is taken out of the queue, so
 * its statement never runs late for a client that has already been answered.
 */
export class AcquireGate {
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly acquireMs: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new DatabaseBusyError(this.acquireMs));
      }, this.acquireMs);
      this.waiting.push(grant);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The gate stays busy and passes straight to the next caller; it frees up only when nobody waits.
    if (next) next();
    else this.busy = false;
  }
}

/**
 * Routes PGlite's public entry points through an {@link AcquireGate}. They do not call one another (each
 * takes PGlite's own lock directly), so gating all three cannot deadlock; statements inside a transaction go
 * through the transaction object and are not gated again.
 */
export function gatePglite(client: PGlite, acquireMs: number): PGlite {
  const gate = new AcquireGate(acquireMs);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) =>
    gate.run(() => query(...args))) as PGlite['query'];
  client.exec = (...args: Parameters<PGlite['exec']>) => gate.run(() => exec(...args));
  client.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    gate.run(() => transaction(...args))) as PGlite['transaction'];
  return client;
}
