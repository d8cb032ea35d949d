import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DeflectionSuggestion } from '../../../../common/contracts/deflection';
import { MAX_TICKET_SUGGESTIONS, type DeflectionSurface } from '../../../../common/deflection';
import { SUGGEST_DELAY_MS, useSearchSuggestions } from '../../../lib/search-suggestions';
import { reportDeflection } from '../api/report-deflection';

/** Words of a field that make its query: past them the titles would match nothing, so no more is asked. */
const QUERY_WORDS = 8;
/** How long a list must stay on screen before it is reported as shown (a list passed while typing is not). */
const REPORT_DELAY_MS = 1000;

/** The query a field asks: the first line's first words (every word must match a title, as in the site search). */
export function suggestionQuery(text: string): string {
  const firstLine = text.trim().split('\n', 1)[0] ?? '';
  return firstLine.split(/\s+/).filter(Boolean).slice(0, QUERY_WORDS).join(' ');
}

/** A random id of the form (RFC 4122 version 4), also where `crypto.randomUUID` is not offered (plain http). */
function newFormId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface TicketSuggestions {
  /** Up to five articles for the subject and the description's first line, the subject's first. */
  items: DeflectionSuggestion[];
  /** The form's id, sent with the ticket so its suggestions are recorded with it. */
  formId: string;
  /** The customer opened one (reported at once). */
  opened: (item: DeflectionSuggestion) => void;
  /** Sends what is waiting to be reported; resolves when it is stored (called before the ticket is created). */
  flush: () => Promise<void>;
}

/**
 * The help articles a ticket form suggests as the customer writes: the site search's suggestions for the
 * subject and the description's first line, asked by the site search's rule (after a pause in typing, from
 * two characters, each query once), and what was shown and opened reported for the admin's deflection rate.
 */
export function useTicketSuggestions(
  surface: DeflectionSurface,
  text: { subject: string; description: string },
): TicketSuggestions {
  const [formId] = useState(newFormId);
  const [subject] = useDebouncedValue(suggestionQuery(text.subject), SUGGEST_DELAY_MS);
  const [description] = useDebouncedValue(suggestionQuery(text.description), SUGGEST_DELAY_MS);
  const forSubject = useSearchSuggestions(subject);
  const forDescription = useSearchSuggestions(description);
  const items = useMemo(() => {
    const seen = new Set<string>();
    return [...forSubject, ...forDescription]
      .filter((item) => !seen.has(item.url) && Boolean(seen.add(item.url)))
      .slice(0, MAX_TICKET_SUGGESTIONS);
  }, [forSubject, forDescription]);

  const reported = useRef(new Set<string>());
  const pending = useRef<DeflectionSuggestion[]>([]);
  const sending = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const batch = pending.current.filter((item) => !reported.current.has(item.url));
    pending.current = [];
    if (batch.length > 0) {
      for (const item of batch) reported.current.add(item.url);
      const previous = sending.current;
      sending.current = previous.then(() =>
        reportDeflection({ formId, surface, event: 'shown', suggestions: batch }),
      );
    }
    return sending.current;
  }, [formId, surface]);

  useEffect(() => {
    pending.current = items.filter((item) => !reported.current.has(item.url));
    if (pending.current.length === 0) return;
    timer.current = setTimeout(() => void flush(), REPORT_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [items, flush]);

  const opened = useCallback(
    (item: DeflectionSuggestion) => {
      reported.current.add(item.url);
      pending.current = pending.current.filter((waiting) => waiting.url !== item.url);
      sending.current = sending.current.then(() =>
        reportDeflection({ formId, surface, event: 'opened', suggestion: item }),
      );
    },
    [formId, surface],
  );

  return { items, formId, opened, flush };
}
