import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { DownloadRecords, DownloadRecordsQuery } from '../../../../common/contracts/downloads';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, DOWNLOADS_KEY } from '../lib/download-contracts';

/**
 * The records page's filters as typed: every filter the API takes (derived from its contract, so a filter
 * added there must be given a field here), as text.
 */
export type RecordFilters = Record<Exclude<keyof DownloadRecordsQuery, 'page'>, string>;

const NO_FILTERS: RecordFilters = {
  email: '',
  fileName: '',
  country: '',
  fileType: '',
  from: '',
  to: '',
};
export const FILTER_NAMES = Object.keys(NO_FILTERS) as Array<keyof RecordFilters>;

/** The filters and page the URL holds (what Back restores and a shared link carries). */
export function recordsFromUrl(params: URLSearchParams): { filters: RecordFilters; page: number } {
  const filters = { ...NO_FILTERS };
  for (const name of FILTER_NAMES) filters[name] = params.get(name) ?? '';
  const page = Number(params.get('page'));
  return { filters, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** The filters as query parameters (empty ones left out). */
export function recordQuery(filters: RecordFilters, page?: number): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(filters))
    query[key] = value.trim() === '' ? undefined : value.trim();
  if (page !== undefined) query.page = String(page);
  return query;
}

/** `GET /api/downloads/records`: one page of the compliance trail (admins). */
function getDownloadRecords(
  filters: RecordFilters,
  page: number,
  signal?: AbortSignal,
): Promise<DownloadRecords> {
  return fetchApi(
    apiPaths.downloads.records,
    { query: recordQuery(filters, page), signal },
    checkedBy((contracts) => contracts.downloadRecordsSchema),
  );
}

export const downloadRecordsKey = (filters: RecordFilters, page: number) =>
  [...DOWNLOADS_KEY, 'records', filters, page] as const;

export function useDownloadRecords(filters: RecordFilters, page: number) {
  return useQuery({
    queryKey: downloadRecordsKey(filters, page),
    queryFn: ({ signal }) => getDownloadRecords(filters, page, signal),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}
