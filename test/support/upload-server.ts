/**
 * The portal in a process of its own, for tests that must see it as production runs it: Node's heap bounded
 * by `--max-old-space-size` as scripts/start.sh sets it, a real port, and an event loop of its own, so a
 * client in the test process measures how long the server makes every request wait.
 *
 * Started with `fork()` (startUploadServer in test/api/tickets/large-attachments.test.ts). Its database: the
 * PostgreSQL URL in UPLOAD_SERVER_DATABASE_URL, else an in-memory PGlite started from the migrated snapshot
 * file in UPLOAD_SERVER_PGLITE_SNAPSHOT. It signs in one customer, listens on 127.0.0.1 and sends the parent
 * `{ url, cookie }`. Asked `'heap'`, it answers the highest used heap it saw (sampled every 5 ms) and the
 * heap's limit; asked `'stop'`, it closes and exits.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config/load-config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { loadEnv } from '../../src/server/env.js';
import { createCustomer, createCustomerAccount, sessionCookie } from './factories.js';

export interface UploadServerReady {
  url: string;
  cookie: string;
}
export interface UploadServerHeap {
  heapPeak: number;
  heapLimit: number;
}

const send = (message: UploadServerReady | UploadServerHeap) => process.send?.(message);

const databaseUrl = process.env.UPLOAD_SERVER_DATABASE_URL;
const snapshotFile = process.env.UPLOAD_SERVER_PGLITE_SNAPSHOT ?? '';
const handle = await openDatabase({
  location: databaseUrl
    ? { url: databaseUrl }
    : { memory: true, snapshot: new Blob([await readFile(snapshotFile)]) },
});
const app = await buildApp({
  env: loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', SESSION_CACHE_MS: '0' }),
  config: await loadConfig(fileURLToPath(new URL('../../config/portal.yaml', import.meta.url))),
  database: handle,
  distDir: fileURLToPath(new URL('fixtures/no-build', import.meta.url)),
});
await app.ready();
const providedId = await createCustomerAccount(app, { tier: 'Basic', timeZone: 'UTC' });
const customer = await createCustomer(app, { providedId });
const { cookie } = await sessionCookie(app, { id: customer.id, role: 'customer' });

// V8's own figure (heapUsed without the cost of process.memoryUsage(), which also reads the RSS).
const heapUsed = () => getHeapStatistics().used_heap_size;
let heapPeak = 0;
const sampler = setInterval(() => {
  heapPeak = Math.max(heapPeak, heapUsed());
}, 5);

// A test process that ends without asking (killed, timed out) must not leave the server running.
process.on('disconnect', () => process.exit(0));
process.on('message', (message) => {
  if (message === 'heap') {
    heapPeak = Math.max(heapPeak, heapUsed());
    send({ heapPeak, heapLimit: getHeapStatistics().heap_size_limit });
  } else if (message === 'stop') {
    clearInterval(sampler);
    void app
      .close()
      .then(() => handle.close())
      .finally(() => process.exit(0));
  }
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
send({ url, cookie });
