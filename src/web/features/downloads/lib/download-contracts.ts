import { lazyContracts } from '../../../lib/lazy-contracts';

/**
 * The check of a downloads answer, with the download contracts (and zod) loaded on first use: the collections'
 * page comes with its list from the server render and asks nothing at load.
 */
export const checkedBy = lazyContracts(() => import('../../../../common/contracts/downloads'));

/** Every downloads query starts with this key. */
export const DOWNLOADS_KEY = ['downloads'] as const;
