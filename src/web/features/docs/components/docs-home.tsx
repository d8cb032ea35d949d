import { Alert, Button, Loader } from '@mantine/core';
import { Link } from 'react-router';
import type { CategoryOverview } from '../../../../common/contracts/search';
import { paths } from '../../../lib/paths';
import { useCategoryOverview } from '../api/get-category-overview';
import { ArticleListItem } from './article-parts';
import classes from './docs-page.module.css';

function ArticleColumn({
  id,
  title,
  articles,
}: {
  id: string;
  title: string;
  articles: CategoryOverview['mostViewed'];
}) {
  return (
    <section aria-labelledby={id} className={classes.homeColumn}>
      <h2 id={id} className={classes.homeTitle}>
        {title}
      </h2>
      {articles.length === 0 ? (
        <p>No articles yet.</p>
      ) : (
        <ol className={classes.articleColumn} aria-labelledby={id}>
          {articles.map((article) => (
            <ArticleListItem
              key={article.id}
              article={article}
              section={{ name: article.section, slug: article.section_slug }}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The Tech Hub's home: its sections with their article counts (each opens its list, `?section=`), the most
 * viewed articles and the most recently updated ones. Rendered by the server with its data.
 */
export function DocsHome() {
  const overview = useCategoryOverview();
  if (overview.isError)
    return (
      <Alert color="red" variant="light" title="The Tech Hub could not be loaded">
        <p>Please try again in a moment.</p>
        <Button size="xs" variant="outline" color="red" onClick={() => void overview.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!overview.data)
    return (
      <div role="status" className={classes.loading}>
        <Loader size="sm" aria-hidden="true" />
        <span>Loading the Tech Hub…</span>
      </div>
    );
  const { sections, mostViewed, recentlyUpdated, category } = overview.data;
  return (
    <div className={classes.home}>
      <p className={classes.intro}>Choose an article from the sections, or search the {category.name}.</p>
      <section aria-labelledby="docs-sections-title">
        <h2 id="docs-sections-title" className={classes.homeTitle}>
          Browse by section
        </h2>
        <ul className={classes.sectionCards} aria-labelledby="docs-sections-title">
          {sections.map((section) => (
            <li key={section.id} className={classes.sectionCard}>
              <Link to={paths.docs.getHref({ section: section.slug })} className={classes.sectionCardLink}>
                {section.name}
              </Link>
              <span className={classes.meta}>
                {section.articleCount} {section.articleCount === 1 ? 'article' : 'articles'}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <div className={classes.homeColumns}>
        <ArticleColumn id="docs-most-viewed-title" title="Most viewed" articles={mostViewed} />
        <ArticleColumn id="docs-recent-title" title="Recently updated" articles={recentlyUpdated} />
      </div>
    </div>
  );
}
