import { Alert, Button, Loader, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { countLabel, SIGN_IN_TO_READ } from '../../../../common/search-sources';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import { LoginLink } from '../../../components/login-link';
import { Highlighted } from '../../../components/highlighted';
import { GetSearchForm } from '../../../components/get-search-form';
import { useProtectedLink } from '../../../lib/session/use-protected-link';
import { useSession } from '../../../lib/session/use-session';
import { ApiError } from '../../../lib/api-client';
import { useArticle } from '../api/get-article';
import { useArticleDetails } from '../api/get-article-details';
import { useDocsSearch } from '../api/search-docs';
import { readerOf } from '../lib/docs-reader';
import { readDocsParams } from '../lib/docs-params';
import { recordArticleView } from '../api/record-article-view';
import { formatDate } from '../../../lib/format-date';
import { LockIcon } from '../../../components/lock-icon';
import { DocsBreadcrumb, HelpfulVote, RelatedArticles, StillNeedHelp } from './article-parts';
import { DocsHome } from './docs-home';
import { DocsSidebar } from './docs-sidebar';
import { SectionView } from './section-view';
import classes from './docs-page.module.css';

function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className={classes.loading}>
      <Loader size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/**
 * The Tech Hub (spec section 2): sidebar of sections and articles (on a phone, a section picker that starts
 * closed, so the article comes first), a search box that runs on Enter only, and the main pane: the Tech Hub's
 * home, a section's articles, an article or the search results. `?section=`, `?article=` and `?q=` in the URL
 * choose the view, so Back returns to the one before.
 */
export function DocsPage() {
  const [params, setParams] = useSearchParams();
  const { article, q, section } = readDocsParams(params);
  const session = useSession();
  const reader = readerOf(session);
  const details = useArticleDetails(reader, session.known);

  return (
    <>
      <div className={classes.toolbar}>
        <SearchBox key={q} initial={q} onSearch={(value) => setParams({ q: value })} />
        {q ? (
          <Button component={Link} to={paths.docs.getHref()} variant="default">
            Back to home
          </Button>
        ) : null}
      </div>
      <div className={classes.layout}>
        <DocsSidebar
          details={details.data}
          isError={details.isError}
          current={article}
          currentSection={q || article ? '' : section}
          onLoadAll={details.refetch}
          loadingAll={details.isFetching}
        />
        <div className={classes.main}>
          {q ? (
            <SearchResults reader={reader} q={q} enabled={session.known} />
          ) : article ? (
            <ArticleView
              key={article}
              reader={reader}
              id={article}
              enabled={session.known}
              signedIn={session.signedIn}
              categoryName={details.data?.category.name ?? 'Tech Hub'}
            />
          ) : section ? (
            <SectionView
              slug={section}
              details={details.data}
              isError={details.isError}
              onLoadAll={details.refetch}
              loadingAll={details.isFetching}
            />
          ) : (
            <DocsHome />
          )}
        </div>
      </div>
    </>
  );
}

/** The Tech Hub's search: `?q=` on /docs, a GET form that works before any script runs. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch(value: string): void }) {
  return (
    <GetSearchForm action={paths.docs.getHref()} className={classes.searchBox} onSearch={onSearch}>
      <TextInput
        label="Search the Tech Hub"
        description="Press Enter to search"
        type="search"
        name="q"
        defaultValue={initial}
        maxLength={200}
        autoComplete="off"
      />
    </GetSearchForm>
  );
}

function SearchResults({ reader, q, enabled }: { reader: string; q: string; enabled: boolean }) {
  const search = useDocsSearch(reader, q, enabled);
  if (search.isError)
    return (
      <Alert color="red" variant="light" title="The search failed">
        <p>Please try again in a moment.</p>
        <Button size="xs" variant="outline" color="red" onClick={() => void search.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!search.data) return <Spinner label="Searching…" />;
  const { results, count } = search.data.articles;
  if (count === 0)
    return (
      <section aria-labelledby="docs-no-results">
        <h2 id="docs-no-results">No Search Results</h2>
        <p>Check your spelling or try reframing the question</p>
        <StillNeedHelp query={q} />
      </section>
    );
  return (
    <section aria-labelledby="docs-results-title">
      <h2 id="docs-results-title">
        {countLabel(count)} {count === 1 ? 'result' : 'results'} for “{q}”
      </h2>
      <ul className={classes.results} aria-label="Search results">
        {results.map((result) => (
          <li key={result.id}>
            <h3 className={classes.resultTitle}>
              {result.user_segment_id !== null ? <LockIcon className={classes.lock} size={14} /> : null}
              <AppLink href={result.html_url}>{result.title}</AppLink>
            </h3>
            <p className={classes.meta}>
              {result.section ? `${result.section} · ` : ''}Updated {formatDate(result.updated_at)}
            </p>
            <Highlighted className={classes.snippet} html={result.snippet} />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface ArticleViewProps {
  reader: string;
  id: string;
  enabled: boolean;
  signedIn: boolean;
  categoryName: string;
}

/**
 * An article: where it sits (Tech Hub > section), its date, its body, "Was this article helpful?", related
 * articles and "Still need help?". Once shown, the article is counted as read (its view count).
 */
function ArticleView({ reader, id, enabled, signedIn, categoryName }: ArticleViewProps) {
  const query = useArticle(reader, id, enabled);
  const shown = query.data && query.data.article.body !== null ? query.data.article.id : null;
  // A visitor on a protected article: signing in from here, with any button, comes back here.
  useProtectedLink(!signedIn && query.data?.article.body === null);
  useEffect(() => {
    if (shown !== null) recordArticleView(shown);
  }, [shown]);
  if (query.isError)
    return (
      <Alert color="red" variant="light" title="Article not available">
        {query.error instanceof ApiError && query.error.status === 404
          ? 'This article does not exist or was moved.'
          : 'The article could not be loaded. Please try again in a moment.'}
      </Alert>
    );
  if (!query.data) return <Spinner label="Loading the article…" />;
  const { article } = query.data;
  return (
    <>
      <article aria-labelledby="docs-article-title">
        <DocsBreadcrumb
          categoryName={categoryName}
          section={article.section ? { name: article.section, slug: article.section_slug } : undefined}
        />
        <h2 id="docs-article-title" className={classes.articleTitle}>
          {article.title}
        </h2>
        <p className={classes.articleMeta}>Updated {formatDate(article.updated_at)}</p>
        {article.body !== null ? (
          // Our own rendered Markdown, from the server's content loader.
          <div className={classes.body} dangerouslySetInnerHTML={{ __html: article.body }} />
        ) : (
          <div>
            <p>{SIGN_IN_TO_READ}</p>
            {signedIn ? null : <LoginLink kind="customer">Customer Login</LoginLink>}
          </div>
        )}
      </article>
      {article.body !== null ? <HelpfulVote key={article.id} articleId={article.id} /> : null}
      <RelatedArticles related={article.related} />
      <StillNeedHelp />
    </>
  );
}
