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

export function useDownloadRecords(filters: RecordFilters, page: number) {
  return useQuery({
    queryKey: [...DOWNLOADS_KEY, 'records', filters, page] as const,
    queryFn: ({ signal }) => getDownloadRecords(filters, page, signal),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}
