import { Anchor, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { Pager } from '../../../components/pager';
import { useState, type FormEvent } from 'react';
import { apiPaths } from '../../../../common/api-paths';
import { DOWNLOAD_RECORDS_PAGE_SIZE, type DownloadRecord } from '../../../../common/contracts/downloads';
import { DOWNLOAD_FILE_TYPES } from '../../../../common/downloads';
import { QueryState } from '../../../components/query-state';
import { recordQuery, useDownloadRecords, type RecordFilters } from '../api/get-download-records';
import classes from './downloads.module.css';

const NO_FILTERS: RecordFilters = { email: '', fileName: '', country: '', fileType: '', from: '', to: '' };

const address = (...parts: (string | null)[]) => parts.filter(Boolean).join(', ');

function RecordRow({ record }: { record: DownloadRecord }) {
  return (
    <tr>
      <td>{new Date(record.createdAt).toISOString().replace('T', ' ').slice(0, 19)}</td>
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
 * The export-control trail (issue 13, admins): every download issued, filtered by email, file name, country,
 * file type and days, a page at a time, and the same filter exported as CSV.
 */
export function DownloadRecordsPage() {
  const [draft, setDraft] = useState<RecordFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<RecordFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const records = useDownloadRecords(filters, page);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
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
      <form onSubmit={apply} aria-label="Filter download records">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="Email contains" type="search" {...field('email')} />
          <TextInput label="File name contains" type="search" {...field('fileName')} />
          <TextInput label="Country (name or code)" {...field('country')} />
          <NativeSelect
            label="File type"
            data={[{ value: '', label: 'All' }, ...DOWNLOAD_FILE_TYPES]}
            {...field('fileType')}
          />
          <TextInput label="From" type="date" {...field('from')} />
          <TextInput label="To" type="date" {...field('to')} />
          <Button type="submit">Filter</Button>
        </Group>
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
          if (rows.length === 0) return <p>No data found!</p>;
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
