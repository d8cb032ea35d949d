import { lazyContracts } from '../../../lib/lazy-contracts';

/** The check of a notice answer, with the notice contracts loaded on first use. */
export const checkedBy = lazyContracts(() => import('../../../../common/contracts/notices'));

/** Every notice query starts with this key, so one invalidation refreshes the bell and every list. */
export const NOTICES_KEY = ['notices'] as const;
