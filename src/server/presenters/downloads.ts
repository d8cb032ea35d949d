import type { DownloadRecord } from '../../common/contracts/downloads.js';
import type { DownloadRecordRow } from '../db/schema/index.js';

/** A compliance record as the admin's page receives it. */
export function presentDownloadRecord(row: DownloadRecordRow): DownloadRecord {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
