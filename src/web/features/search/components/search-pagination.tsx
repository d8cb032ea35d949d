import { Link } from 'react-router';
import { paginationWindow } from '../../../../common/pagination';
import { SEARCH_PAGE_SIZE } from '../../../../common/search-sources';
import classes from './search-page.module.css';

interface SearchPaginationProps {
  count: number;
  page: number;
  hrefOf(page: number): string;
}

/** Page links of the active source (spec section 9): only when there is more than one page. */
export function SearchPagination({ count, page, hrefOf }: SearchPaginationProps) {
  const pages = paginationWindow(count, page, SEARCH_PAGE_SIZE, 10);
  if (pages.length === 0) return null;
  const last = Math.ceil(count / SEARCH_PAGE_SIZE);
  const edge = (target: number, label: string, enabled: boolean) => (
    <li>
      {enabled ? (
        <Link className={classes.pageLink} to={hrefOf(target)}>
          {label}
        </Link>
      ) : (
        <span className={classes.pageLink} aria-disabled="true">
          {label}
        </span>
      )}
    </li>
  );
  return (
    <nav aria-label="Pagination">
      <ul className={classes.pagination}>
        {edge(page - 1, 'Previous', page > 1)}
        {pages.map((number) => (
          <li key={number}>
            <Link
              className={classes.pageLink}
              to={hrefOf(number)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
            >
              {number}
            </Link>
          </li>
        ))}
        {edge(page + 1, 'Next', page < last)}
      </ul>
    </nav>
  );
}
