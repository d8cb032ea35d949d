import { Button, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ArticleDetails } from '../../../../common/contracts/search';
import { AppLink } from '../../../components/app-link';
import classes from './docs-page.module.css';

interface DocsSidebarProps {
  details: ArticleDetails | undefined;
  /** The last fetch of the sections failed (the first, or the one of every section's articles). */
  isError: boolean;
  /** The open article's id or slug, to mark its link and open its section. */
  current: string;
  /** The slug of the section whose list is shown (`?section=`), to open it here too; '' for none. */
  currentSection: string;
  /**
   * Fetches every section's articles. A server-rendered page lists only the open article's section
   * (`articleMap` has no key for the others, see SsrData.articleDetails); this is called when one of
   * those is opened, or when the open article is in none of the sections listed.
   */
  onLoadAll(): unknown;
  loadingAll: boolean;
}

function articleKey(htmlUrl: string): string {
  const query = htmlUrl.split('?')[1] ?? '';
  return new URLSearchParams(query).get('article') ?? '';
}

/** In an opened section whose articles the page does not hold yet: fetching them, or a way to try again. */
function SectionPending({ failed, onRetry }: { failed: boolean; onRetry(): unknown }) {
  return (
    <li>
      {failed ? (
        <span role="alert">
          The articles could not be loaded.{' '}
          <Button size="compact-xs" variant="light" onClick={() => onRetry()}>
            Try again
          </Button>
        </span>
      ) : (
        <span role="status" className={classes.loading}>
          <Loader size="xs" aria-hidden="true" />
          <span>Loading articles…</span>
        </span>
      )}
    </li>
  );
}

/**
 * The sections of the category, each a disclosure of its articles; the open article's (or listed) section starts
 * open. On a phone the whole list is a picker behind one button that starts closed, so the page's own content
 * (the article) comes first; on a wider screen the button is not shown and the list always is.
 */
export function DocsSidebar({
  details,
  isError,
  current,
  currentSection,
  onLoadAll,
  loadingAll,
}: DocsSidebarProps) {
  const [opened, setOpened] = useState<Record<number, boolean>>({});
  const [pickerOpen, setPickerOpen] = useState(false);
  const isCurrent = (article: { id: number; html_url: string }) =>
    current !== '' && (current === String(article.id) || current === articleKey(article.html_url));
  const listed = (section: { id: number }) => details?.articleMap[String(section.id)];
  // The open article is in none of the sections listed (the reader came by an in-app link): fetch them all
  // so that its section opens. Only when that becomes so: a failed fetch is not retried in a loop.
  const currentUnlisted =
    details !== undefined &&
    current !== '' &&
    details.section.sections.some((section) => listed(section) === undefined) &&
    !Object.values(details.articleMap).flat().some(isCurrent);
  useEffect(() => {
    if (currentUnlisted) onLoadAll();
  }, [currentUnlisted, onLoadAll]);
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
  return (
    <nav aria-label="Tech Hub sections" className={classes.sidebar}>
      <Button
        variant="default"
        fullWidth
        justify="space-between"
        className={classes.pickerToggle}
        aria-expanded={pickerOpen}
        aria-controls="docs-section-picker"
        rightSection={<span aria-hidden="true">{pickerOpen ? '▴' : '▾'}</span>}
        onClick={() => setPickerOpen(!pickerOpen)}
      >
        Sections of the {details.category.name}
      </Button>
      <ul
        id="docs-section-picker"
        className={classes.sectionList}
        data-collapsed={pickerOpen ? undefined : ''}
      >
        {details.section.sections.map((section) => {
          const articles = listed(section);
          const open =
            opened[section.id] ?? (section.slug === currentSection || (articles ?? []).some(isCurrent));
          const listId = `docs-section-${section.id}`;
          return (
            <li key={section.id}>
              <Button
                variant="subtle"
                fullWidth
                justify="flex-start"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => {
                  setOpened((previous) => ({ ...previous, [section.id]: !open }));
                  if (!open && articles === undefined) onLoadAll();
                }}
              >
                {section.name}
              </Button>
              <ul id={listId} className={classes.articleList} hidden={!open}>
                {articles === undefined && open ? (
                  <SectionPending failed={isError && !loadingAll} onRetry={onLoadAll} />
                ) : null}
                {(articles ?? []).map((article) => (
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
