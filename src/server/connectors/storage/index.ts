import { apiPaths } from '../../../common/api-paths.js';
import type { Database } from '../../db/client.js';
import { createBuiltinStorage, type BuiltinStorage } from './builtin/storage.js';
import type { StorageConnector } from './types.js';

/**
 * The object store this portal uses. Only the built-in one (rows in the portal's database) exists so far; an
 * S3 adapter joins here, chosen by its settings, behind the same interface.
 */
export function createStorageConnector(options: { db: Database }): StorageConnector {
  return createBuiltinStorage({ db: options.db, objectPath: apiPaths.storage.object });
}

/** The built-in store, whose signed URLs the portal serves itself (`builtin/routes.ts`). */
export function asBuiltinStorage(storage: StorageConnector): BuiltinStorage | undefined {
  return 'getRange' in storage ? (storage as BuiltinStorage) : undefined;
}
