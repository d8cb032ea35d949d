import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page.module.css';

interface PageProps {
  title: string;
  /** A line under the title (e.g. 'Policy updated May 19 2025'). */
  lead?: ReactNode;
  children: ReactNode;
  /** Reading pages stay narrow; tables and frames need the full width. */
  width?: 'reading' | 'wide';
}

/** The standard content page: one h1, an optional lead, then the content. */
export function Page({ title, lead, children, width = 'reading' }: PageProps) {
  return (
    <Container size={width === 'reading' ? 'md' : 'xl'} className={classes.page}>
      <header className={classes.header}>
        <h1 className={classes.title}>{title}</h1>
        {lead ? <p className={classes.lead}>{lead}</p> : null}
      </header>
      <div className={classes.content}>{children}</div>
    </Container>
  );
}
