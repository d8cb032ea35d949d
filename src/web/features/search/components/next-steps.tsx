import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import { usePopularArticles } from '../api/get-popular-articles';
import classes from './search-page.module.css';

interface NextStepsProps {
  /** The words searched for. */
  query: string;
  /** A spelling the titles use, when there is one, and the search of it. */
  corrected?: string | undefined;
  correctedHref?: string | undefined;
  enabled: boolean;
}

/**
 * What a search that found nothing offers instead: the corrected spelling if there is one, the most read
 * articles, the assistant with the question in its box, and a ticket whose subject is the query (both ask a
 * signed-out visitor to sign in first, and come back here afterwards).
 */
export function NextSteps({ query, corrected, correctedHref, enabled }: NextStepsProps) {
  const popular = usePopularArticles(enabled);
  return (
    <section className={classes.nextSteps} aria-labelledby="search-next-steps">
      <h2 id="search-next-steps" className={classes.nextStepsTitle}>
        What next?
      </h2>
      {corrected && correctedHref ? (
        <p className={classes.corrected}>
          Did you mean <Link to={correctedHref}>{corrected}</Link>?
        </p>
      ) : (
        <p>Check the spelling, or try fewer or more general words.</p>
      )}
      {popular.data && popular.data.length > 0 ? (
        <>
          <h3 id="search-popular-articles" className={classes.nextStepsSubtitle}>
            Popular articles
          </h3>
          <ul className={classes.popular} aria-labelledby="search-popular-articles">
            {popular.data.map((article) => (
              <li key={article.link}>
                <AppLink href={article.link}>{article.name}</AppLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className={classes.nextStepsSubtitle}>Still need help?</h3>
      <div className={classes.nextStepActions}>
        <Button component={Link} to={paths.chatbot.getHref({ q: query })}>
          Ask the assistant
        </Button>
        <Button component={Link} to={paths.newTicket.getHref({ subject: query })} variant="default">
          Create a ticket
        </Button>
      </div>
    </section>
  );
}
