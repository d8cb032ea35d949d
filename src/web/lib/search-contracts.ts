import { lazyContracts } from './lazy-contracts';

/** The check of a search or docs answer, with the search contracts loaded on first use. */
export const checkedBy = lazyContracts(() => import('../../common/contracts/search'));
