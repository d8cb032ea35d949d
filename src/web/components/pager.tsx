import { Pagination } from '@mantine/core';

/** Page links under a list, only when there is more than one page; each control names itself. */
export function Pager({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      mt="md"
      total={Math.ceil(total / pageSize)}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
    />
  );
}
