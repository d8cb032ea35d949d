import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { DOWNLOAD_FILE_TYPES } from '../../../common/downloads.js';
import { createdAt } from './columns.js';

/**
 * The export-control trail: one row per download URL issued, written before the URL is, so no
 * file leaves without its record. Refused requests write nothing. The user's id, email and name are copied
 * as they were at the time: the trail must outlive a renamed or deleted account.
 */
export const downloadRecords = pgTable(
  'download_records',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    fileType: text('file_type', { enum: DOWNLOAD_FILE_TYPES }).notNull(),
    fileName: text('file_name').notNull(),
    /** ISO 3166-1 alpha-2; null for a Postman collection, which names no deployment. */
    deploymentCountry: text('deployment_country'),
    deploymentAddress1: text('deployment_address1'),
    deploymentAddress2: text('deployment_address2'),
    deploymentState: text('deployment_state'),
    companyCountry: text('company_country'),
    companyAddress1: text('company_address1'),
    companyAddress2: text('company_address2'),
    companyState: text('company_state'),
    clientAddress: text('client_address').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('download_records_created_at_idx').on(table.createdAt),
    index('download_records_email_idx').on(table.email),
  ],
);

export type DownloadRecordRow = typeof downloadRecords.$inferSelect;
