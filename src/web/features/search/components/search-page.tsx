import { Alert, Button, Chip, Loader } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { GroupFallback, SearchJump, SearchResponse } from '../../../../common/contracts/search';
import {
  countLabel,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  SOURCE_LABELS,
  type SourceKey,
} from '../../../../common/search-sources';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/use-session';
import { useSearchAll } from '../api/search-all';
import { useSearchPage } from '../api/search-page';
import { searcherOf } from '../lib/searcher';
import { readSearchParams, toSearchParams, visibleSources, type SearchUrlState } from '../lib/search-params';
import {
  groupItems,
  ownFallback,
  shownResults,
  summarize,
  type ResultItem,
  type SourceSummary,
} from '../lib/results';
import { reportSearchClick } from '../api/report-search-click';
import { NextSteps } from './next-steps';
import { ResultList } from './result-list';
import { SearchForm } from './search-form';
import { SearchPagination } from './search-pagination';
import classes from './search-page.module.css';

function hrefOf(state: SearchUrlState): string {
  const search = toSearchParams(state).toString();
  return search ? `${paths.search.getHref()}?${search}` : paths.search.getHref();
}

function Searching() {
  return (
    <div role="status" className={classes.loading}>
      <Loader size="sm" aria-hidden="true" />
      <span>Searching…</span>
    </div>
  );
}

/**
 * The federated search page (spec sections 2, 4 and 9). Everything the page shows follows from the URL (`q`,
 * `sources`, `chip`, `page`), so a result page can be shared and back/forward replays it.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = readSearchParams(params);
  const session = useSession();
  const available = visibleSources(session);
  const searcher = searcherOf(session);
  const all = useSearchAll(searcher, state.q, state.sources, state.exact, session.known);

  const go = (next: SearchUrlState, replace = false) => {
    setParams(toSearchParams(next), { replace });
  };

  return (
    <>
      <SearchForm
        key={state.q}
        initialQuery={state.q}
        available={available}
        selected={state.sources.filter((key) => available.includes(key))}
        sources={state.sources}
        onSearch={(q) => go({ q, sources: state.sources, chip: null, page: 1, exact: false })}
        onSourcesChange={(sources) => go({ ...state, sources, chip: null, page: 1 }, true)}
      />
      {state.q ? (
        <section aria-label="Search results" aria-busy={all.isPending || all.isFetching}>
          {all.data ? (
            <SearchResults
              data={all.data}
              state={state}
              searcher={searcher}
              enabled={session.known}
              go={go}
            />
          ) : all.isError ? (
            <Alert color="red" variant="light" title="The search failed">
              <p>Please check your connection and try again.</p>
              <Button size="xs" variant="outline" color="red" onClick={() => void all.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <Searching />
          )}
        </section>
      ) : (
        <p>
          Search the Knowledge Base, Documentation and Community
          {session.signedIn ? ' and your support data' : ''}.
        </p>
      )}
    </>
  );
}

interface SearchResultsProps {
  data: SearchResponse;
  state: SearchUrlState;
  searcher: string;
  enabled: boolean;
  go(next: SearchUrlState, replace?: boolean): void;
}

function SearchResults({ data, state, searcher, enabled, go }: SearchResultsProps) {
  const summaries = summarize(data);
  // A search of a ticket number or issue key opens on the group that holds it, unless a chip was chosen.
  const { active, page } = shownResults(summaries, {
    ...state,
    chip: state.chip ?? data.jump?.source ?? null,
  });
  const paged = useSearchPage(searcher, active?.key ?? null, state.q, page, state.exact, enabled);
  const total = summaries.reduce((sum, summary) => sum + summary.count, 0);
  // A source that stopped counting at the cap makes the total a lower bound too.
  const totalLabel = `${total}${summaries.some((summary) => summary.count >= SEARCH_COUNT_CAP) ? '+' : ''}`;
  const failed = summaries.filter((summary) => summary.status !== 'ok');
  const choose = (key: SourceKey) => go({ ...state, chip: key, page: 1 });
  const own = active ? ownFallback(data, active.key) : {};
  // The query whose results the chosen source shows: its corrected spelling when it took one.
  const report = (item: ResultItem, rank: number) => {
    if (!active || !item.href) return;
    const query = data.fallbacks?.[active.key]?.showingResultsFor ?? state.q;
    reportSearchClick({ query, source: active.key, rank, url: item.href });
  };

  return (
    <>
      {failed.map((summary) => (
        <Alert key={summary.key} color="yellow" variant="light" mb="md">
          {summary.status === 'reauthorize' ? (
            <>
              To search {SOURCE_LABELS[summary.key]},{' '}
              {/* A server redirect: a plain anchor, so the browser loads it. */}
              <a href={paths.jiraAuth.getHref()}>authorize the ticketing system again</a>, then search once
              more.
            </>
          ) : (
            `${SOURCE_LABELS[summary.key]} did not answer in time; showing the others.`
          )}
        </Alert>
      ))}
      {data.jump ? <JumpTo jump={data.jump} /> : null}
      <h2 className={classes.total}>
        {totalLabel} {total === 1 ? 'result' : 'results'} for “{data.showingResultsFor ?? state.q}”
      </h2>
      <FallbackNotes fallback={data} state={state} />
      {total === 0 ? (
        <NextSteps
          query={state.q}
          correctedHref={
            data.didYouMean
              ? hrefOf({ ...state, q: data.didYouMean, chip: null, page: 1, exact: false })
              : undefined
          }
          corrected={data.didYouMean}
          enabled={enabled}
        />
      ) : null}
      {active ? (
        <>
          <Chip.Group multiple={false} value={active.key} onChange={(value) => choose(value as SourceKey)}>
            <div className={classes.chips} role="radiogroup" aria-label="Result sources">
              {summaries.map((summary) => (
                <Chip key={summary.key} value={summary.key} type="radio">
                  {SOURCE_LABELS[summary.key]} ({countLabel(summary.count)})
                </Chip>
              ))}
            </div>
          </Chip.Group>
          <FallbackNotes fallback={own} state={state} source={SOURCE_LABELS[active.key]} />
          {active.count === 0 ? (
            <ZeroResults active={active} summaries={summaries} onBrowse={choose} />
          ) : page === 1 ? (
            <ResultList
              label={`${SOURCE_LABELS[active.key]} results`}
              items={groupItems(active.key, data[active.key] ?? emptyGroup(active.key))}
              firstRank={1}
              onOpen={report}
            />
          ) : paged.data ? (
            <ResultList
              label={`${SOURCE_LABELS[active.key]} results`}
              items={groupItems(active.key, paged.data)}
              firstRank={(page - 1) * SEARCH_PAGE_SIZE + 1}
              onOpen={report}
            />
          ) : paged.isError ? (
            <Alert color="red" variant="light" title={`${SOURCE_LABELS[active.key]} did not answer`}>
              <p>Page {page} could not be loaded. Please try again.</p>
              <Button size="xs" variant="outline" color="red" onClick={() => void paged.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <Searching />
          )}
          {active.count > 0 ? (
            <SearchPagination
              count={active.count}
              page={page}
              hrefOf={(number) => hrefOf({ ...state, chip: active.key, page: number })}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}

/**
 * The ticket or issue a search of its number or key named, at the top: a link to the ticket's page (the page
 * does not leave on its own, so a search for a number that also means something else keeps its results), or
 * the issue, which has no page in the portal, named and shown first in its group below.
 */
function JumpTo({ jump }: { jump: SearchJump }) {
  return (
    <div className={classes.jump} role="region" aria-label="Direct match">
      {jump.url ? (
        <AppLink href={jump.url} className={classes.jumpLink}>
          Go to ticket {jump.label}
        </AppLink>
      ) : (
        <p className={classes.jumpText}>
          {SOURCE_LABELS[jump.source]} issue <strong>{jump.label}</strong>, first in its results below.
        </p>
      )}
    </div>
  );
}

/**
 * What a fallback of the search means for the results shown: of every group with results when `source` is
 * not given, else of that source's group alone.
 */
function FallbackNotes({
  fallback,
  state,
  source,
}: {
  fallback: GroupFallback;
  state: SearchUrlState;
  source?: string;
}) {
  const { showingResultsFor: corrected, partial } = fallback;
  return (
    <>
      {corrected ? (
        <p className={classes.correction}>
          Showing {source ? `${source} ` : ''}results for{' '}
          <Link to={hrefOf({ ...state, q: corrected, chip: null, page: 1, exact: false })}>
            <strong>{corrected}</strong>
          </Link>
          . Search instead for{' '}
          <Link to={hrefOf({ ...state, chip: null, page: 1, exact: true })}>{state.q}</Link>
        </p>
      ) : null}
      {partial ? (
        <p className={classes.correction}>
          No {source ? `${source} ` : ''}result has every word you searched for; these have most of them.
        </p>
      ) : null}
    </>
  );
}

function emptyGroup(key: SourceKey) {
  switch (key) {
    case 'forumbee':
      return { data: [], paging: { count: 0 } };
    case 'jiraIssues':
      return { issues: [], total: 0 };
    case 'zendeskRequests':
      return { requests: [], count: 0 };
    default:
      return { results: [], count: 0 };
  }
}

function ZeroResults({
  active,
  summaries,
  onBrowse,
}: {
  active: SourceSummary;
  summaries: SourceSummary[];
  onBrowse(key: SourceKey): void;
}) {
  const others = summaries.filter((summary) => summary.key !== active.key && summary.count > 0);
  return (
    <div>
      <p>
        <strong>0 results found in {SOURCE_LABELS[active.key]}</strong>
      </p>
      {others.length > 0 ? (
        <ul className={classes.others} aria-label="Other sources">
          {others.map((summary) => (
            <li key={summary.key} className={classes.other}>
              <span id={`other-${summary.key}`}>
                {SOURCE_LABELS[summary.key]} ({countLabel(summary.count)})
              </span>
              <Button
                size="xs"
                variant="light"
                aria-describedby={`other-${summary.key}`}
                onClick={() => onBrowse(summary.key)}
              >
                Click here to browse
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
