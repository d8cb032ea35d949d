import { VisuallyHidden } from '@mantine/core';
import type { EolRelease } from '../../../../common/portal-config';
import { TableScroll } from '../../../components/table-scroll';
import table from '../../../components/table.module.css';
import { formatDate } from '../../../lib/format-date';
import classes from './eol-schedule-table.module.css';

function DateCell({ date, release }: { date: string | undefined; release: EolRelease }) {
  if (date) return <td>{formatDate(date)}</td>;
  // A supported release without a date simply has none yet; for releases already out of support the schedule
  // does not list dates, and an empty cell would read as missing data.
  if (release.status === 'Supported') return <td className={classes.pending}>Not yet announced</td>;
  return (
    <td>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>Not listed</VisuallyHidden>
    </td>
  );
}

export function EolScheduleTable({ schedule }: { schedule: EolRelease[] }) {
  return (
    <TableScroll label="Release schedule table">
      <table className={table.table}>
        <caption>End of life and end of support dates by release</caption>
        <thead>
          <tr>
            <th scope="col">Release</th>
            <th scope="col">Status</th>
            <th scope="col">GA date</th>
            <th scope="col">End of life</th>
            <th scope="col">End of support</th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((release) => (
            <tr key={release.release}>
              <th scope="row">{release.release}</th>
              <td>
                <span
                  className={classes.status}
                  data-status={release.status === 'Supported' ? 'supported' : 'ended'}
                >
                  {release.status}
                </span>
              </td>
              <DateCell date={release.ga} release={release} />
              <DateCell date={release.endOfLife} release={release} />
              <DateCell date={release.endOfSupport} release={release} />
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
