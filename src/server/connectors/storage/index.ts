import { apiPaths } from '../../../common/api-paths.js';
import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { builtinStorageRoutes } from './builtin/routes.js';
import { createBuiltinStorage } from './builtin/storage.js';
import type { StorageConnector } from './types.js';

/**
 * The object store this portal uses. Only the built-in one (rows in the portal's database) exists so far; an
 * S3 adapter joins here, chosen by its settings, behind the same interface.
 */
export function createStorageConnector(_env: Env, shared: ConnectorShared): StorageConnector {
  const storage = createBuiltinStorage({ db: shared.db, objectPath: apiPaths.storage.object });
  // The built-in store serves its signed URLs itself.
  return { ...storage, routes: builtinStorageRoutes(storage) };
}
