import { Pagination } from '@mantine/core';

/**
 * Page links under a list, only when there is more than one page; each control names itself. With `more`
 * (the list holds more than `total`: its count stopped at a bound) one page past the counted ones is offered,
 * so the next page is always reachable; each page further on counts to its own end.
 */
export function Pager({
  total,
  pageSize,
  page,
  onChange,
  more = false,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  more?: boolean;
}) {
  const pages = Math.ceil(total / pageSize) + (more ? 1 : 0);
  if (pages <= 1) return null;
  return (
    <Pagination
      mt="md"
      total={pages}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
    />
  );
}
