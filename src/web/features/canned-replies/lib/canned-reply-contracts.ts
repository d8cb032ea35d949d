import { lazyContracts } from '../../../lib/lazy-contracts';

/** The check of a canned-reply answer, with its contract (and zod) loaded on first use. */
export const checkedBy = lazyContracts(() => import('../../../../common/contracts/canned-replies'));

/** The admins' list's query key. */
export const ADMIN_CANNED_REPLIES_KEY = ['admin', 'canned-replies'] as const;
