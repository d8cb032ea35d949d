import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { ContentSync } from '../../connectors/content-sync.js';
import { VendorSync } from './vendor-sync.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The vendor feeds' syncs; `start()` is the server's to call (main.ts), tests run them by hand. */
    contentSync: VendorSync;
  }
}

/** Tells every instance that the content changed, so each drops what it kept of it (db/events.ts). */
const CONTENT_CHANGED_CHANNEL = 'content_changed';

async function contentPlugin(app: FastifyInstance): Promise<void> {
  const { knowledgeBase, docs, community } = app.connectors;
  const syncs = [knowledgeBase.contentSync, docs.contentSync, community.contentSync].filter(
    (sync): sync is ContentSync => sync !== null,
  );
  // Names this instance in its own notices, which it has acted on already.
  const instance = randomUUID();
  const vendorSync = new VendorSync({
    db: app.db,
    syncs,
    intervalMs: app.env.CONTENT_SYNC_INTERVAL_MINUTES * 60_000,
    log: app.log,
    onChanged: async () => {
      await app.contentLoaded();
      await app.db.execute(sql`select pg_notify(${CONTENT_CHANGED_CHANNEL}, ${instance})`);
    },
  });
  app.decorate('contentSync', vendorSync);
  if (syncs.length > 0) {
    // Another instance's sync changed the content: this one's caches and kept answers are stale too.
    const unsubscribe = app.databaseEvents.subscribe(CONTENT_CHANGED_CHANNEL, (sender) => {
      if (sender === instance) return;
      app.contentLoaded().catch((error: unknown) => app.log.error({ err: error }, 'content reload failed'));
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      await vendorSync.stop();
    });
  }
}

export default fp(contentPlugin, { name: 'content', dependencies: ['foundation'] });
