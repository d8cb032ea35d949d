import { z } from 'zod';
import { DOWNLOAD_FILE_TYPES, IMAGE_PLATFORMS } from '../downloads.js';
import { storableText } from './text.js';

/**
 * `/api/downloads/*` (spec sections 3 and 7). Field names (`imageFiles`,
 * `collectionFiles`, `deployementState`) are the spec's.
 */

/** A file as the tables show it: its name, bytes and SHA-256 (null while the file is not in the store). */
const storedFileSchema = z.object({
  fileName: z.string(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
});

export const imageFileSchema = storedFileSchema.extend({
  platform: z.enum(IMAGE_PLATFORMS),
  /** The controller releases it is offered for. */
  releases: z.array(z.string()),
  /** Its checksum file (file type Text). */
  checksum: storedFileSchema,
});
export type ImageFile = z.infer<typeof imageFileSchema>;

export const imageFilesSchema = z.object({ imageFiles: z.array(imageFileSchema) });
export type ImageFiles = z.infer<typeof imageFilesSchema>;

export const collectionFileSchema = storedFileSchema.extend({ title: z.string(), guide: z.string() });
export type CollectionFile = z.infer<typeof collectionFileSchema>;

export const collectionFilesSchema = z.object({ collectionFiles: z.array(collectionFileSchema) });
export type CollectionFiles = z.infer<typeof collectionFilesSchema>;

/** The listing calls take an optional `userId` (the spec's image listing call carries one); it must be the caller's. */
export const listFilesBodySchema = z.object({ userId: storableText().max(100).optional() }).optional();

const line = (max: number) => storableText().trim().max(max);

/**
 * The download request details of spec section 3. `user` and `email` are accepted as the spec sends them,
 * but the record holds the signed-in user's own. Countries are names or ISO codes, in any case.
 */
export const downloadRequestSchema = z.object({
  user: line(200).optional(),
  email: line(320).optional(),
  fileType: z.enum(DOWNLOAD_FILE_TYPES),
  fileName: line(200).min(1),
  deploymentCountry: line(100).optional(),
  companyCountry: line(100).optional(),
  deploymentAddress1: line(200).optional(),
  deploymentAddress2: line(200).optional(),
  deployementState: line(200).optional(),
  companyAddress1: line(200).optional(),
  companyAddress2: line(200).optional(),
  companyState: line(200).optional(),
});
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

export const downloadUrlSchema = z.object({ url: z.string() });

/** One row of the compliance trail. */
export const downloadRecordSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  fileType: z.enum(DOWNLOAD_FILE_TYPES),
  fileName: z.string(),
  deploymentCountry: z.string().nullable(),
  deploymentAddress1: z.string().nullable(),
  deploymentAddress2: z.string().nullable(),
  deploymentState: z.string().nullable(),
  companyCountry: z.string().nullable(),
  companyAddress1: z.string().nullable(),
  companyAddress2: z.string().nullable(),
  companyState: z.string().nullable(),
  clientAddress: z.string(),
});
export type DownloadRecord = z.infer<typeof downloadRecordSchema>;

/** The records page's filters (every one optional); dates are days, `to` included. */
export const downloadRecordsQuerySchema = z.object({
  email: line(320).optional(),
  fileName: line(200).optional(),
  /** A country (name or code) that is the deployment or the company country. */
  country: line(100).optional(),
  fileType: z.enum(DOWNLOAD_FILE_TYPES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type DownloadRecordsQuery = z.infer<typeof downloadRecordsQuerySchema>;

export const downloadRecordsSchema = z.object({
  records: z.array(downloadRecordSchema),
  count: z.number().int(),
});
export type DownloadRecords = z.infer<typeof downloadRecordsSchema>;
