import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { AppLink } from '../../../components/app-link';
import { LockIcon } from '../../../components/lock-icon';
import { useVoteOnArticle } from '../api/vote-on-article';
import classes from './docs-page.module.css';

/** An article in a list: its title (a lock when it needs sign-in), then its section and date. */
export function ArticleListItem({
  article,
  section,
}: {
  article: {
    id: number;
    title: string;
    html_url: string;
    user_segment_id: number | null;
    updated_at: string;
  };
  /** The section's name and slug, shown as a link before the date; left out inside the section's own list. */
  section?: { name: string; slug: string };
}) {
  return (
    <li className={classes.listedArticle}>
      <span className={classes.listedTitle}>
        {article.user_segment_id !== null ? <LockIcon className={classes.lock} size={14} /> : null}
        <AppLink href={article.html_url}>{article.title}</AppLink>
      </span>
      <span className={classes.meta}>
        {section ? (
          <>
            <Link to={paths.docs.getHref({ section: section.slug })}>{section.name}</Link>
            {' · '}
          </>
        ) : null}
        Updated {formatDate(article.updated_at)}
      </span>
    </li>
  );
}

/** Tech Hub > section: where the page sits, each step a link. */
export function DocsBreadcrumb({
  categoryName,
  section,
  current,
}: {
  categoryName: string;
  section?: { name: string; slug: string | null } | undefined;
  /** The section's own list: its name is the page, not a link. */
  current?: boolean;
}) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className={classes.breadcrumb}>
        <li>
          <Link to={paths.docs.getHref()}>{categoryName}</Link>
        </li>
        {section ? (
          <li>
            {current || section.slug === null ? (
              <span aria-current={current ? 'page' : undefined}>{section.name}</span>
            ) : (
              <Link to={paths.docs.getHref({ section: section.slug })}>{section.name}</Link>
            )}
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

function voteFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.code) return error.code;
  if (error instanceof ApiError && error.status === 0) {
    return 'Your answer could not be sent: check your connection and try again.';
  }
  return 'Your answer could not be recorded. Please try again in a moment.';
}

/**
 * "Was this article helpful?" Yes or No, once per user or browser: answering again replaces the answer (the
 * server keeps one vote per voter). Keyed by article by its parent, so another article starts unanswered.
 */
export function HelpfulVote({ articleId }: { articleId: number }) {
  const vote = useVoteOnArticle(articleId);
  const [answer, setAnswer] = useState<boolean | null>(null);
  const send = (helpful: boolean) => vote.mutate(helpful, { onSuccess: (saved) => setAnswer(saved.helpful) });
  return (
    <section className={classes.helpful} aria-labelledby="docs-helpful-title">
      <h3 id="docs-helpful-title" className={classes.partTitle}>
        Was this article helpful?
      </h3>
      <div className={classes.helpfulButtons} role="group" aria-labelledby="docs-helpful-title">
        {[
          { helpful: true, label: 'Yes' },
          { helpful: false, label: 'No' },
        ].map((choice) => (
          <Button
            key={choice.label}
            size="sm"
            variant={answer === choice.helpful ? 'filled' : 'default'}
            aria-pressed={answer === choice.helpful}
            loading={vote.isPending && vote.variables === choice.helpful}
            disabled={vote.isPending}
            onClick={() => send(choice.helpful)}
          >
            {choice.label}
          </Button>
        ))}
      </div>
      <p role="status" className={vote.isError ? classes.voteError : classes.meta}>
        {vote.isError
          ? voteFailure(vote.error)
          : answer === null
            ? ''
            : answer
              ? 'Thank you for your feedback.'
              : 'Thank you for your feedback. If you still need help, ask the assistant or open a ticket.'}
      </p>
    </section>
  );
}

/** Other articles of the section, the most read first. */
export function RelatedArticles({ related }: { related: { id: number; title: string; html_url: string }[] }) {
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="docs-related-title" className={classes.part}>
      <h3 id="docs-related-title" className={classes.partTitle}>
        Related articles
      </h3>
      <ul className={classes.related}>
        {related.map((article) => (
          <li key={article.id}>
            <AppLink href={article.html_url}>{article.title}</AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Still need help?": the assistant and a ticket. With `query` (a search that found nothing), the assistant's
 * box holds it and the ticket's subject is it.
 */
export function StillNeedHelp({ query }: { query?: string }) {
  return (
    <section aria-labelledby="docs-still-need-help" className={classes.stillNeedHelp}>
      <h3 id="docs-still-need-help" className={classes.partTitle}>
        Still need help?
      </h3>
      <p>
        The assistant answers from the knowledge base, documentation and community; an engineer answers a
        ticket.
      </p>
      <div className={classes.helpActions}>
        <Button component={Link} to={paths.chatbot.getHref(query ? { q: query } : undefined)}>
          Ask the assistant
        </Button>
        <Button
          component={Link}
          to={paths.newTicket.getHref(query ? { subject: query } : undefined)}
          variant="default"
        >
          Create a ticket
        </Button>
      </div>
    </section>
  );
}
