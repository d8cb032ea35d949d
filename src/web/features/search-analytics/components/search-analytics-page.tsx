import { Alert, Button, Loader, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { isSourceKey, SOURCE_LABELS } from '../../../../common/search-sources';
import { AppLink } from '../../../components/app-link';
import { TableScroll } from '../../../components/table-scroll';
import table from '../../../components/table.module.css';
import type { SearchAnalytics } from '../../../../common/contracts/search';
import { ANALYTICS_DATE, dateParam, useSearchAnalytics } from '../api/get-search-analytics';
import classes from './search-analytics-page.module.css';

interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** One table of the page; its rows are keyed by `rowKey`. */
function CountTable<Row>(props: {
  title: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
  empty?: string;
}) {
  const { title, rows, rowKey, columns } = props;
  return (
    <section className={classes.section}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p>{props.empty ?? 'No searches in this period.'}</p>
      ) : (
        <TableScroll label={title}>
          <table className={table.table}>
            <caption>{title}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.header}>{column.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

const QUERY_COLUMNS: Column<{ query: string; count: number }>[] = [
  { header: 'Query', cell: (row) => row.query },
  { header: 'Searches', cell: (row) => row.count },
];

const CORRECTED_COLUMNS: Column<{ query: string; correctedTo: string; count: number }>[] = [
  { header: 'Query', cell: (row) => row.query },
  { header: 'Shown as', cell: (row) => row.correctedTo },
  { header: 'Searches', cell: (row) => row.count },
];

const RESULT_COLUMNS: Column<{ url: string; source: string; clicks: number; averageRank: number }>[] = [
  { header: 'Result', cell: (row) => row.url },
  { header: 'Source', cell: (row) => (isSourceKey(row.source) ? SOURCE_LABELS[row.source] : row.source) },
  { header: 'Opens', cell: (row) => row.clicks },
  { header: 'Average rank', cell: (row) => row.averageRank },
];

const VOTE_COLUMNS: Column<{ title: string; html_url: string; helpful: number; notHelpful: number }>[] = [
  { header: 'Article', cell: (row) => <AppLink href={row.html_url}>{row.title}</AppLink> },
  { header: 'Helpful', cell: (row) => row.helpful },
  { header: 'Not helpful', cell: (row) => row.notHelpful },
];

const DEFLECTION_COLUMNS: Column<{ url: string; title: string; source: string; opens: number }>[] = [
  { header: 'Article', cell: (row) => <AppLink href={row.url}>{row.title}</AppLink> },
  { header: 'Source', cell: (row) => (isSourceKey(row.source) ? SOURCE_LABELS[row.source] : row.source) },
  { header: 'Forms that opened it', cell: (row) => row.opens },
];

const queryKey = (row: { query: string }) => row.query;

const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * The ticket forms' deflection: of the forms that suggested articles while the customer wrote, how many were
 * left without a ticket after an article was opened (the articles answered, or at least were read instead).
 */
function Deflection({ report }: { report: SearchAnalytics['deflection'] }) {
  const forms = report.formsWithSuggestions;
  return (
    <section className={classes.section}>
      <h2>Ticket deflection</h2>
      <p className={classes.rate}>
        Deflection rate: <strong>{percent(report.rate)}</strong>
      </p>
      <p>
        {forms === 0
          ? 'No ticket form suggested articles in this period.'
          : `${forms} ticket ${forms === 1 ? 'form' : 'forms'} suggested articles; in ${report.formsWithOpened} the customer opened one, ` +
            `${report.abandonedAfterOpened} ${report.abandonedAfterOpened === 1 ? 'was' : 'were'} then abandoned without a ticket, and ` +
            `${report.ticketsCreated} became tickets. A form counts as abandoned while no ticket came of it.`}
      </p>
    </section>
  );
}

/** The share of searches that led to an opened result, as a whole percentage. */
function clickRate(searches: number, clicks: number): string {
  return searches === 0 ? '0 %' : `${Math.round((clicks / searches) * 100)} %`;
}

/**
 * What was searched in a period (the period lives in the URL): top queries, those that found nothing, those
 * shown a corrected spelling or a partial match, and which results were opened, so content writers see what
 * customers could not find; beside it, how often a ticket form's suggested article kept a ticket from being
 * sent (the deflection rate), and whether readers found the articles helpful (their votes).
 */
export function SearchAnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const from = dateParam(params, 'from');
  const to = dateParam(params, 'to');
  const analytics = useSearchAnalytics(from, to, true);
  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (ANALYTICS_DATE.test(draft.from)) next.set('from', draft.from);
    if (ANALYTICS_DATE.test(draft.to)) next.set('to', draft.to);
    setParams(next);
  };

  return (
    <>
      <form className={classes.form} onSubmit={submit} aria-label="Period">
        {(['from', 'to'] as const).map((end) => (
          <TextInput
            key={end}
            type="date"
            label={end === 'from' ? 'From' : 'To'}
            value={draft[end]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((previous) => ({ ...previous, [end]: value }));
            }}
          />
        ))}
        <Button type="submit">Show</Button>
      </form>
      {analytics.data ? (
        <>
          <p className={classes.period}>
            From {analytics.data.from.slice(0, 10)} to {analytics.data.to.slice(0, 10)}
          </p>
          <CountTable
            title="Top queries"
            rows={analytics.data.topQueries}
            rowKey={queryKey}
            columns={QUERY_COLUMNS}
          />
          <CountTable
            title="Zero-result queries"
            rows={analytics.data.zeroResultQueries}
            rowKey={queryKey}
            columns={QUERY_COLUMNS}
          />
          <CountTable
            title="Corrected queries"
            rows={analytics.data.correctedQueries}
            rowKey={(row) => `${row.query}|${row.correctedTo}`}
            columns={CORRECTED_COLUMNS}
            empty="No query was corrected in this period."
          />
          <CountTable
            title="Partial matches"
            rows={analytics.data.partialQueries}
            rowKey={queryKey}
            columns={QUERY_COLUMNS}
            empty="Every query matched with all its words in this period."
          />
          <section className={classes.section}>
            <h2>Click-through</h2>
            <p>
              {`${analytics.data.clickThrough.searches} searches, ${analytics.data.clickThrough.clicks} results opened (${clickRate(analytics.data.clickThrough.searches, analytics.data.clickThrough.clicks)}).`}
            </p>
          </section>
          <CountTable
            title="Most opened results"
            rows={analytics.data.clickThrough.topResults}
            rowKey={(row) => `${row.source}|${row.url}`}
            columns={RESULT_COLUMNS}
            empty="No result was opened in this period."
          />
          <Deflection report={analytics.data.deflection} />
          <CountTable
            title="Articles opened from ticket forms"
            rows={analytics.data.deflection.topOpened}
            rowKey={(row) => row.url}
            columns={DEFLECTION_COLUMNS}
            empty="No suggested article was opened from a ticket form in this period."
          />
          <CountTable
            title="Was this article helpful?"
            rows={analytics.data.articleVotes}
            rowKey={(row) => String(row.id)}
            columns={VOTE_COLUMNS}
            empty="No article was voted on in this period."
          />
        </>
      ) : analytics.isError ? (
        <Alert color="red" variant="light" title="The analytics could not be loaded">
          {analytics.error.message}
        </Alert>
      ) : (
        <div role="status" className={classes.loading}>
          <Loader size="sm" aria-hidden="true" />
          <span>Loading…</span>
        </div>
      )}
    </>
  );
}
