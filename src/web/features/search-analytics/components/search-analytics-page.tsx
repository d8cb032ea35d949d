import { Alert, Button, Loader, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { TableScroll } from '../../../components/table-scroll';
import table from '../../../components/table.module.css';
import { useSearchAnalytics } from '../api/get-search-analytics';
import classes from './search-analytics-page.module.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name) ?? '';
  return DATE.test(value) ? value : undefined;
}

function QueryTable({ title, rows }: { title: string; rows: { query: string; count: number }[] }) {
  return (
    <section className={classes.section}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p>No searches in this period.</p>
      ) : (
        <TableScroll label={title}>
          <table className={table.table}>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Query</th>
                <th scope="col">Searches</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.query}>
                  <td>{row.query}</td>
                  <td>{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** Top queries and zero-result queries of a period (issue 4, item 7). The period lives in the URL. */
export function SearchAnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const from = dateParam(params, 'from');
  const to = dateParam(params, 'to');
  const analytics = useSearchAnalytics(from, to, true);
  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (DATE.test(draft.from)) next.set('from', draft.from);
    if (DATE.test(draft.to)) next.set('to', draft.to);
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
          <QueryTable title="Top queries" rows={analytics.data.topQueries} />
          <QueryTable title="Zero-result queries" rows={analytics.data.zeroResultQueries} />
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
