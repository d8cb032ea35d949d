import { Alert, Button, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ArticleDetails } from '../../../../common/contracts/search';
import { paths } from '../../../lib/paths';
import { ArticleListItem, DocsBreadcrumb } from './article-parts';
import classes from './docs-page.module.css';

interface SectionViewProps {
  slug: string;
  details: ArticleDetails | undefined;
  isError: boolean;
  /** Fetches every section's articles: a page rendered for one article lists only that article's section. */
  onLoadAll(): unknown;
  loadingAll: boolean;
}

/** A section's articles (`/docs?section=<slug>`), by title, each with its date; Back returns to where one was. */
export function SectionView({ slug, details, isError, onLoadAll, loadingAll }: SectionViewProps) {
  const section = details?.section.sections.find((candidate) => candidate.slug === slug);
  const articles = section ? details?.articleMap[String(section.id)] : undefined;
  const missing = section !== undefined && articles === undefined;
  useEffect(() => {
    if (missing) onLoadAll();
  }, [missing, onLoadAll]);

  if (!details)
    return isError ? (
      <Alert color="red" variant="light" title="The sections could not be loaded">
        Please try again in a moment.
      </Alert>
    ) : (
      <div role="status" className={classes.loading}>
        <Loader size="sm" aria-hidden="true" />
        <span>Loading the section…</span>
      </div>
    );
  if (!section)
    return (
      <Alert color="yellow" variant="light" title="Section not available">
        <p>This section does not exist or was moved.</p>
        <Link to={paths.docs.getHref()}>All sections of the {details.category.name}</Link>
      </Alert>
    );
  return (
    <section aria-labelledby="docs-section-title">
      <DocsBreadcrumb categoryName={details.category.name} section={section} current />
      <h2 id="docs-section-title" className={classes.articleTitle}>
        {section.name}
      </h2>
      {articles ? (
        <>
          <p className={classes.meta}>
            {articles.length} {articles.length === 1 ? 'article' : 'articles'}
          </p>
          <ul className={classes.articleColumn} aria-labelledby="docs-section-title">
            {articles.map((article) => (
              <ArticleListItem key={article.id} article={article} />
            ))}
          </ul>
        </>
      ) : isError && !loadingAll ? (
        <Alert color="red" variant="light" title="The articles could not be loaded">
          <Button size="xs" variant="outline" color="red" onClick={() => void onLoadAll()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div role="status" className={classes.loading}>
          <Loader size="sm" aria-hidden="true" />
          <span>Loading articles…</span>
        </div>
      )}
    </section>
  );
}
