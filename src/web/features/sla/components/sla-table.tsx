import { VisuallyHidden } from '@mantine/core';
import type { SlaConfig } from '../../../../common/portal-config';
import { DecorativeSvg } from '../../../components/decorative-svg';
import { TableScroll } from '../../../components/table-scroll';
import table from '../../../components/table.module.css';
import classes from './sla-table.module.css';

function Coverage({ included }: { included: boolean }) {
  // The mark is drawn for the eye; the words are what a screen reader announces.
  return included ? (
    <>
      <DecorativeSvg className={classes.check} viewBox="0 0 20 20" size={20}>
        <circle cx="10" cy="10" r="10" fill="currentColor" />
        <path
          d="M5.5 10.5l3 3 6-6.5"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </DecorativeSvg>
      <VisuallyHidden>Included</VisuallyHidden>
    </>
  ) : (
    <>
      {/* The dash is CSS-generated so the cell's text is exactly what is announced. */}
      <span className={classes.dash} aria-hidden="true" />
      <VisuallyHidden>Not included</VisuallyHidden>
    </>
  );
}

export function SlaTable({ sla }: { sla: SlaConfig }) {
  const columns = sla.tiers.length + 1;
  return (
    <TableScroll label="Support SLA table">
      <table className={table.table}>
        <caption>First response times and coverage by support tier</caption>
        <thead>
          <tr>
            <th scope="col">Service level</th>
            {sla.tiers.map((tier) => (
              <th key={tier} scope="col" className={table.center}>
                {tier}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="rowgroup" colSpan={columns} className={table.groupHeader}>
              First response time
            </th>
          </tr>
          {sla.firstResponse.map((row) => (
            <tr key={row.priority}>
              <th scope="row">
                {row.priority}
                <span className={table.subtle}>{row.description}</span>
              </th>
              {row.values.map((value, i) => (
                <td key={sla.tiers[i]} className={`${table.center} ${classes.value}`}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tbody>
          <tr>
            <th scope="rowgroup" colSpan={columns} className={table.groupHeader}>
              Coverage
            </th>
          </tr>
          {sla.coverage.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.values.map((included, i) => (
                <td key={sla.tiers[i]} className={table.center}>
                  <Coverage included={included} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
