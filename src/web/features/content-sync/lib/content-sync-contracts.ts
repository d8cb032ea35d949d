import type { ContentSourceName } from '../../../../common/contracts/content-sync';
import { lazyContracts } from '../../../lib/lazy-contracts';

/**
 * The check of a content-sync answer, with its contract (and zod) loaded on first use: the page comes with the
 * status from the server render and asks nothing at load.
 */
export const checkedBy = lazyContracts(() => import('../../../../common/contracts/content-sync'));

/** The status query's key (the server render fills it for an admin). */
export const CONTENT_SYNC_KEY = ['admin', 'content-sync'] as const;

/**
 * How the page names each source: the contract's `CONTENT_SOURCE_NAMES`, repeated here because importing a value
 * of the contract would bring zod into the page's chunk; the type keeps the two on the same sources.
 */
export const SOURCE_NAMES = {
  kb: 'Knowledge base',
  docs: 'Documentation',
  community: 'Community',
} as const satisfies Record<ContentSourceName, string>;
