import { isSourceKey, SOURCE_ACTIONS, SOURCE_KEYS, type SourceKey } from '../../../../common/search-sources';
import { sessionCan, type SessionActor } from '../../../lib/session/use-can';

/** The search as the URL carries it (spec section 4): the single source of truth of the search page. */
export interface SearchUrlState {
  /** Trimmed query; empty when nothing was searched yet. */
  q: string;
  /** The sources asked for, in the canonical order; empty means every source the user may see. */
  sources: SourceKey[];
  /** The chip chosen in the URL, if any (the page falls back to the first source with results). */
  chip: SourceKey | null;
  page: number;
  /** The words as typed, without the corrected spelling ('Search instead for'): `exact=1`. */
  exact: boolean;
}

export function readSearchParams(params: URLSearchParams): SearchUrlState {
  const q = (params.get('q') ?? '').trim();
  const listed = new Set((params.get('sources') ?? '').split(',').filter(isSourceKey));
  const sources = SOURCE_KEYS.filter((key) => listed.has(key));
  const chipParam = params.get('chip') ?? '';
  const chip = isSourceKey(chipParam) ? chipParam : null;
  const pageNumber = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(pageNumber) && pageNumber >= 1 && pageNumber <= 100 ? pageNumber : 1;
  return { q, sources, chip, page, exact: params.get('exact') === '1' };
}

/** The URL of a search state; default values are left out so shared links stay short. */
export function toSearchParams(state: SearchUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sources.length > 0) params.set('sources', state.sources.join(','));
  if (state.chip) params.set('chip', state.chip);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.exact) params.set('exact', '1');
  return params;
}

/** The sources the user may see (spec section 9): the server's rule, which also decides; this drives the filter. */
export function visibleSources(session: SessionActor): SourceKey[] {
  return SOURCE_KEYS.filter((key) => sessionCan(session, SOURCE_ACTIONS[key]));
}
