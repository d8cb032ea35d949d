import { useEffect, useState } from 'react';
import { formatDateTimeUtc } from '../../../lib/format-date';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * How far `iso` is from `now` in words ('5 minutes ago', 'in 2 hours', 'now' within the minute), in the
 * largest unit that is at least one.
 */
export function relativeTime(iso: string, now: number): string {
  const diff = Date.parse(iso) - now;
  if (Number.isNaN(diff)) return '';
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.trunc(diff / ms), unit);
  }
  return diff > 0 ? 'in less than a minute' : 'less than a minute ago';
}

/** A moment as the page shows it: how far it is, then when, in UTC ('5 minutes ago (Nov 26 2026, 23:39 UTC)'). */
export function relativeAndAbsolute(iso: string, now: number): string {
  return `${relativeTime(iso, now)} (${formatDateTimeUtc(iso)})`;
}

/** The time now, renewed every `everyMs`, so relative times move while the page stays open. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
