import { Alert, Button, Loader, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SIGN_IN_TO_READ } from '../../../../common/contracts/search';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import { Highlighted } from '../../search/components/highlighted';
import { openLoginModal } from '../../session/session-store';
import { useSession } from '../../session/use-session';
import { DocsError, useArticle, useArticleDetails, useDocsSearch } from '../api/docs-api';
import { DocsSidebar } from './docs-sidebar';
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
 * The Tech Hub (spec section 2): sidebar of sections and articles, a search box that runs on Enter only, and
 * the article, the search results or the empty state. `?article=` and `?q=` in the URL choose the view.
 */
export function DocsPage() {
  const [params, setParams] = useSearchParams();
  const article = params.get('article') ?? '';
  const q = (params.get('q') ?? '').trim();
  const session = useSession();
  const reader = session.signedIn ? (session.userId ?? 'signed-in') : 'anonymous';
  const details = useArticleDetails(reader, session.known);

  return (
    <>
      <div className={classes.toolbar}>
        <SearchBox key={q} initial={q} onSearch={(value) => setParams({ q: value })} />
        {article || q ? (
          <Button component={Link} to={paths.docs.getHref()} variant="default">
            Back to home
          </Button>
        ) : null}
      </div>
      <div className={classes.layout}>
        <DocsSidebar details={details.data} isError={details.isError} current={article} />
        <div className={classes.main}>
          {q ? (
            <SearchResults reader={reader} q={q} enabled={session.known} />
          ) : article ? (
            <ArticleView reader={reader} id={article} enabled={session.known} signedIn={session.signedIn} />
          ) : details.data ? (
            <p>Choose an article from the sections, or search the {details.data.category.name}.</p>
          ) : (
            <Spinner label="Loading the Tech Hub…" />
          )}
        </div>
      </div>
    </>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch(value: string): void }) {
  const [draft, setDraft] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = draft.trim();
    if (value) onSearch(value);
  };
  return (
    <form role="search" className={classes.searchBox} onSubmit={submit}>
      <TextInput
        label="Search the Tech Hub"
        description="Press Enter to search"
        type="search"
        value={draft}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => setDraft(event.currentTarget.value)}
      />
    </form>
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
      </section>
    );
  return (
    <section aria-labelledby="docs-results-title">
      <h2 id="docs-results-title">
        {count} {count === 1 ? 'result' : 'results'} for “{q}”
      </h2>
      <ul className={classes.results} aria-label="Search results">
        {results.map((result) => (
          <li key={result.id}>
            <h3 className={classes.resultTitle}>
              <AppLink href={result.html_url}>{result.title}</AppLink>
            </h3>
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
}

function ArticleView({ reader, id, enabled, signedIn }: ArticleViewProps) {
  const query = useArticle(reader, id, enabled);
  if (query.isError)
    return (
      <Alert color="red" variant="light" title="Article not available">
        {query.error instanceof DocsError && query.error.status === 404
          ? 'This article does not exist or was moved.'
          : 'The article could not be loaded. Please try again in a moment.'}
      </Alert>
    );
  if (!query.data) return <Spinner label="Loading the article…" />;
  const { article } = query.data;
  return (
    <article aria-labelledby="docs-article-title">
      <h2 id="docs-article-title">{article.title}</h2>
      {article.section ? <p>{article.section}</p> : null}
      {article.body !== null ? (
        // Our own rendered Markdown, from the server's content loader.
        <div className={classes.body} dangerouslySetInnerHTML={{ __html: article.body }} />
      ) : (
        <div>
          <p>{SIGN_IN_TO_READ}</p>
          {signedIn ? null : <Button onClick={() => openLoginModal('customer')}>Customer Login</Button>}
        </div>
      )}
    </article>
  );
}
