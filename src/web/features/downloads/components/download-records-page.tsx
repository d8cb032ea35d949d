import { Anchor, Button, NativeSelect, TextInput } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { Pager } from '../../../components/pager';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { apiPaths } from '../../../../common/api-paths';
import type { DownloadRecord } from '../../../../common/contracts/downloads';
import { DOWNLOAD_FILE_TYPES, DOWNLOAD_RECORDS_PAGE_SIZE } from '../../../../common/downloads';
import { QueryState } from '../../../components/query-state';
import {
  FILTER_NAMES,
  recordQuery,
  recordsFromUrl,
  useDownloadRecords,
  type RecordFilters,
} from '../api/get-download-records';
import { formatDate } from '../../../lib/format-date';
import classes from './downloads.module.css';
import bar from './download-records.module.css';

function toUrl(filters: RecordFilters, page: number): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name].trim() !== '') query.set(name, filters[name].trim());
  if (page > 1) query.set('page', String(page));
  return query;
}

/** `Nov 26 2026, 23:39:26` (UTC, as the column says): the portal's date, with the second the trail keeps. */
function recordTime(iso: string): string {
  const utc = new Date(iso).toISOString();
  return `${formatDate(utc)}, ${utc.slice(11, 19)}`;
}

const address = (...parts: (string | null)[]) => parts.filter(Boolean).join(', ');

function RecordRow({ record }: { record: DownloadRecord }) {
  return (
    <tr>
      <td className={bar.time}>{recordTime(record.createdAt)}</td>
      <td>
        {record.userName}
        <br />
        {record.email}
      </td>
      <td>
        {record.fileName}
        <br />
        {record.fileType}
      </td>
      <td>
        {address(
          record.deploymentAddress1,
          record.deploymentAddress2,
          record.deploymentState,
          record.deploymentCountry,
        ) || '—'}
      </td>
      <td>
        {address(
          record.companyAddress1,
          record.companyAddress2,
          record.companyState,
          record.companyCountry,
        ) || '—'}
      </td>
      <td className={classes.checksum}>{record.clientAddress}</td>
    </tr>
  );
}

/**
 * The export-control trail (admins): every download issued, filtered by email, file name, country,
 * file type and days, a page at a time, and the same filter exported as CSV. Filters and page live in the
 * URL: Back restores them, a reload keeps them and a link shares them.
 */
export function DownloadRecordsPage() {
  const [params, setParams] = useSearchParams();
  const { filters, page } = recordsFromUrl(params);
  const applied = toUrl(filters, 1).toString();
  const [draft, setDraft] = useState<RecordFilters>(filters);
  const records = useDownloadRecords(filters, page);

  // Back and Forward change the URL under the form: the fields follow it.
  useEffect(() => {
    setDraft(recordsFromUrl(new URLSearchParams(applied)).filters);
  }, [applied]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(toUrl(draft, 1));
  };
  const setPage = (next: number) => setParams(toUrl(filters, next));
  const field = (name: keyof RecordFilters) => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [name]: event.currentTarget.value }),
  });
  const csv = `${apiPaths.downloads.recordsCsv}?${new URLSearchParams(
    Object.entries(recordQuery(filters)).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString()}`;
  const total = records.data?.count ?? 0;

  return (
    <>
      <form onSubmit={apply} aria-label="Filter download records" className={bar.filterBar}>
        <TextInput size="sm" label="Email contains" type="search" {...field('email')} />
        <TextInput size="sm" label="File name contains" type="search" {...field('fileName')} />
        <TextInput size="sm" label="Country (name or code)" {...field('country')} />
        <NativeSelect
          size="sm"
          label="File type"
          data={[{ value: '', label: 'All' }, ...DOWNLOAD_FILE_TYPES]}
          {...field('fileType')}
        />
        <TextInput size="sm" label="From (UTC)" type="date" {...field('from')} />
        <TextInput size="sm" label="To (UTC)" type="date" {...field('to')} />
        <div className={bar.buttons}>
          <Button size="sm" type="submit">
            Filter
          </Button>
          {applied !== '' ? (
            <Button size="sm" variant="default" onClick={() => setParams(new URLSearchParams())}>
              Clear
            </Button>
          ) : null}
        </div>
      </form>
      <p>
        <Anchor href={csv} download>
          Export these records as CSV
        </Anchor>
      </p>
      <QueryState
        isPending={records.isPending}
        error={records.error}
        failed="The download records could not be loaded. Please try again later."
      >
        {() => {
          const rows = records.data?.records ?? [];
          if (rows.length === 0)
            return (
              <p>
                {applied !== ''
                  ? 'No download matches these filters. Widen them, or choose Clear to see every record.'
                  : 'No downloads yet. Every edge image or API collection a user downloads is recorded here.'}
              </p>
            );
          return (
            <>
              <p role="status">{`${total} record${total === 1 ? '' : 's'}`}</p>
              <DataTable
                caption="Download records, newest first"
                columns={['Time (UTC)', 'User', 'File', 'Deployment', 'Company', 'Client address']}
                label="Download records"
              >
                {rows.map((record) => (
                  <RecordRow key={record.id} record={record} />
                ))}
              </DataTable>
              <Pager total={total} pageSize={DOWNLOAD_RECORDS_PAGE_SIZE} page={page} onChange={setPage} />
            </>
          );
        }}
      </QueryState>
    </>
  );
}
