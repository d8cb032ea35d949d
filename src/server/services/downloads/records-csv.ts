import { stringify } from 'csv-stringify/sync';
import type { DownloadRecordRow } from '../../db/schema/index.js';

const COLUMNS: { key: keyof DownloadRecordRow; header: string }[] = [
  { key: 'createdAt', header: 'Time (UTC)' },
  { key: 'userId', header: 'User ID' },
  { key: 'userName', header: 'Name' },
  { key: 'email', header: 'Email' },
  { key: 'fileType', header: 'File type' },
  { key: 'fileName', header: 'File name' },
  { key: 'deploymentCountry', header: 'Deployment country' },
  { key: 'deploymentAddress1', header: 'Deployment address 1' },
  { key: 'deploymentAddress2', header: 'Deployment address 2' },
  { key: 'deploymentState', header: 'Deployment city/state/province' },
  { key: 'companyCountry', header: 'Company country' },
  { key: 'companyAddress1', header: 'Company address 1' },
  { key: 'companyAddress2', header: 'Company address 2' },
  { key: 'companyState', header: 'Company city/state/province' },
  { key: 'clientAddress', header: 'Client address' },
];

/**
 * The compliance trail as CSV. Addresses are typed by users, so a cell starting with `=`, `+`, `-`, `@`,
 * tab or carriage return is prefixed with a quote (csv-stringify's `escape_formulas`): a spreadsheet shows
 * it as text instead of running it (CSV injection).
 */
export function downloadRecordsCsv(rows: DownloadRecordRow[]): string {
  return stringify(
    rows.map((row) =>
      COLUMNS.map(({ key }) => {
        const value = row[key];
        return value instanceof Date ? value.toISOString() : value;
      }),
    ),
    { header: true, columns: COLUMNS.map((column) => column.header), escape_formulas: true },
  );
}
