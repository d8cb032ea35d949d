import { Button, Loader } from '@mantine/core';
import { useState } from 'react';
import type { ArticleDetails } from '../../../../common/contracts/search';
import { AppLink } from '../../../components/app-link';
import classes from './docs-page.module.css';

interface DocsSidebarProps {
  details: ArticleDetails | undefined;
  isError: boolean;
  /** The open article's id or slug, to mark its link and open its section. */
  current: string;
}

function articleKey(htmlUrl: string): string {
  const query = htmlUrl.split('?')[1] ?? '';
  return new URLSearchParams(query).get('article') ?? '';
}

/** Sections of the category, each a disclosure of its articles; the open article's section starts open. */
export function DocsSidebar({ details, isError, current }: DocsSidebarProps) {
  const [opened, setOpened] = useState<Record<number, boolean>>({});
  if (!details)
    return (
      <nav aria-label="Tech Hub sections" className={classes.sidebar}>
        {isError ? (
          <p>The sections could not be loaded.</p>
        ) : (
          <div role="status" className={classes.loading}>
            <Loader size="sm" aria-hidden="true" />
            <span>Loading sections…</span>
          </div>
        )}
      </nav>
    );
  const isCurrent = (article: { id: number; html_url: string }) =>
    current !== '' && (current === String(article.id) || current === articleKey(article.html_url));
  return (
    <nav aria-label="Tech Hub sections" className={classes.sidebar}>
      <ul className={classes.sectionList}>
        {details.section.sections.map((section) => {
          const articles = details.articleMap[String(section.id)] ?? [];
          const open = opened[section.id] ?? articles.some(isCurrent);
          const listId = `docs-section-${section.id}`;
          return (
            <li key={section.id}>
              <Button
                variant="subtle"
                fullWidth
                justify="flex-start"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => setOpened((previous) => ({ ...previous, [section.id]: !open }))}
              >
                {section.name}
              </Button>
              <ul id={listId} className={classes.articleList} hidden={!open}>
                {articles.map((article) => (
                  <li key={article.id}>
                    <AppLink
                      href={article.html_url}
                      className={classes.articleLink}
                      aria-current={isCurrent(article) ? 'page' : undefined}
                    >
                      {article.title}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
