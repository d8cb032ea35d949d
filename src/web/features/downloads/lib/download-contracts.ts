/**
 * The downloads' answers are checked with their zod contracts, which arrive with the page's own chunk (the
 * downloads page is lazy, so zod stays out of the first page's bundle).
 */
export {
  collectionFilesSchema,
  downloadRecordsSchema,
  downloadUrlSchema,
  imageFilesSchema,
} from '../../../../common/contracts/downloads';

/** Every downloads query starts with this key. */
export const DOWNLOADS_KEY = ['downloads'] as const;
