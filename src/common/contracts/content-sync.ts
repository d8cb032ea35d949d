import { z } from 'zod';

/** The sources a vendor feed can fill: the knowledge base, the documentation and the community. */
export const contentSourceSchema = z.enum(['kb', 'docs', 'community']);
export type ContentSourceName = z.infer<typeof contentSourceSchema>;

/** How the admins' page names each source. */
export const CONTENT_SOURCE_NAMES: Record<ContentSourceName, string> = {
  kb: 'Knowledge base',
  docs: 'Documentation',
  community: 'Community',
};

/** Where one vendor feed's sync stands, as the admins see it. */
export const contentSyncStatusSchema = z.object({
  source: contentSourceSchema,
  /** The vendor's name as the page shows it (`Zendesk`, `GitBook`, `Forumbee`). */
  vendor: z.string(),
  /** `running`: a sync of this source is under way on some instance. */
  running: z.boolean(),
  lastSuccessAt: z.iso.datetime().nullable(),
  lastFinishedAt: z.iso.datetime().nullable(),
  /** The last complete pass (every item listed, the gone ones removed). */
  lastFullAt: z.iso.datetime().nullable(),
  /** What went wrong in the last sync, in words; null when it succeeded. */
  lastError: z.string().nullable(),
  /** When the next sync is due. */
  nextRunAt: z.iso.datetime(),
  /** Items written and removed by the last successful sync. */
  written: z.number().int(),
  removed: z.number().int(),
});
export type ContentSyncStatus = z.infer<typeof contentSyncStatusSchema>;

/** `GET /api/admin/content-sync`: one entry per source a vendor fills (none when the folder fills all three). */
export const contentSyncListSchema = z.object({
  /** Minutes between syncs (CONTENT_SYNC_INTERVAL_MINUTES). */
  intervalMinutes: z.number().int(),
  sources: z.array(contentSyncStatusSchema),
});
export type ContentSyncList = z.infer<typeof contentSyncListSchema>;

export const contentSyncParamsSchema = z.object({ source: contentSourceSchema });
