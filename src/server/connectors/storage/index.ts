import { apiPaths } from '../../../common/api-paths.js';
import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { builtinStorageRoutes } from './builtin/routes.js';
import { createBuiltinStorage } from './builtin/storage.js';
import { createS3Client } from './s3/client.js';
import { createS3Storage } from './s3/storage.js';
import type { StorageConnector } from './types.js';

/** The variables that choose and place the store. */
export type StorageEnv = Pick<
  Env,
  'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_PREFIX'
>;

/**
 * The object store this portal uses: an S3 bucket when S3_BUCKET is set, else the built-in one (rows in the
 * portal's database). Both behind the same interface.
 */
export function createStorageConnector(env: StorageEnv, shared: ConnectorShared): StorageConnector {
  if (env.S3_BUCKET) {
    const settings = {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX,
    };
    // Presigned URLs go straight to S3: no routes of its own.
    return createS3Storage({ client: createS3Client(settings), settings });
  }
  const storage = createBuiltinStorage({ db: shared.db, objectPath: apiPaths.storage.object });
  // The built-in store serves its signed URLs itself.
  return { ...storage, routes: builtinStorageRoutes(storage) };
}
