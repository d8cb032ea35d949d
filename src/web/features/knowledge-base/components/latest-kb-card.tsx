import { Alert, Button, Skeleton, VisuallyHidden } from '@mantine/core';
import { AppLink } from '../../../components/app-link';
import card from '../../../components/card.module.css';
import { formatDate } from '../../../lib/format-date';
import { useLatestKb } from '../api/get-latest-kb';
import classes from './latest-kb-card.module.css';

/**
 * The latest Knowledge Base articles and the most popular links. On a page load the server has already put the
 * data into the HTML; the loading and error states only show when the browser fetches it itself.
 */
export function LatestKbCard() {
  const latestKb = useLatestKb();

  return (
    <section className={card.card} aria-labelledby="latest-kb-title" aria-busy={latestKb.isPending}>
      <h2 id="latest-kb-title" className={card.cardTitle}>
        Latest from the Knowledge Base
      </h2>
      {latestKb.data ? (
        <>
          {latestKb.data.zendesk.articles.length === 0 ? (
            <p className={card.linkText}>No articles have been published yet.</p>
          ) : (
            <ul className={card.linkList} aria-labelledby="latest-kb-title">
              {latestKb.data.zendesk.articles.map((article) => (
                <li key={article.id}>
                  <AppLink href={article.html_url} className={card.linkTitle}>
                    {article.title}
                  </AppLink>
                  <p className={card.linkText}>{article.snippet}</p>
                  <p className={classes.updated}>Updated {formatDate(article.updated_at)}</p>
                </li>
              ))}
            </ul>
          )}
          {latestKb.data.mostPopular.length > 0 ? (
            <>
              <h3 id="most-popular-kb-title" className={classes.subTitle}>
                Most popular
              </h3>
              <ul className={classes.popular} aria-labelledby="most-popular-kb-title">
                {latestKb.data.mostPopular.map((link) => (
                  <li key={link.link}>
                    <AppLink href={link.link}>{link.name}</AppLink>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : latestKb.isError ? (
        <Alert color="red" variant="light" title="The latest articles could not be loaded">
          <p className={classes.errorText}>Please try again in a moment.</p>
          <Button
            size="xs"
            variant="outline"
            color="red"
            onClick={() => void latestKb.refetch()}
            loading={latestKb.isFetching}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <div className={classes.skeleton}>
          <VisuallyHidden>Loading the latest articles</VisuallyHidden>
          {[0, 1, 2].map((row) => (
            <div key={row} className={classes.skeletonRow}>
              <Skeleton height={16} width="70%" />
              <Skeleton height={12} mt={8} />
              <Skeleton height={12} mt={6} width="85%" />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
