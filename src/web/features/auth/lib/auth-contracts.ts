import { lazyContracts } from '../../../lib/lazy-contracts';

/**
 * The check of a sign-in answer, with the auth contracts (and zod) loaded on first use: a members-only page
 * opened signed out opens Customer Login at load, and the dialog asks nothing until it is sent.
 */
export const checkedBy = lazyContracts(() => import('../../../../common/contracts/auth'));
