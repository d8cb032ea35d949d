import { apiPaths } from '../../../../common/api-paths';
import type { SearchClick } from '../../../../common/contracts/search';
import { fetchApi } from '../../../lib/api-client';

/**
 * `POST /api/aggregator/searchClick`: tells the analytics which result was opened, at which rank. Sent with
 * `keepalive` so it survives the page the link leaves; a failure costs only the report, never the click.
 */
export function reportSearchClick(click: SearchClick): void {
  void fetchApi(apiPaths.aggregator.searchClick, { json: click, keepalive: true }, () => undefined).catch(
    () => undefined,
  );
}
