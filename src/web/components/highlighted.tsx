import { Fragment, type ReactNode } from 'react';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes the character references of escaped text (the only markup left once `<mark>` is split off). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A snippet as plain text (a ticket comment, a mail): the `<mark>` tags dropped, the references decoded. */
export function snippetText(html: string): string {
  return decodeEntities(html.replace(/<\/?mark>/gi, ''));
}

/**
 * A snippet from the search API: escaped text whose only element is `<mark>` around matched words. It is
 * turned into React elements (text and `<mark>`), never injected as HTML, so even a snippet that broke the
 * contract could not add markup: any other tag would show as text.
 */
export function Highlighted({ html, className }: { html: string; className?: string }) {
  const parts: ReactNode[] = [];
  let marked = false;
  let key = 0;
  for (const piece of html.split(/(<mark>|<\/mark>)/i)) {
    if (/^<mark>$/i.test(piece)) {
      marked = true;
      continue;
    }
    if (/^<\/mark>$/i.test(piece)) {
      marked = false;
      continue;
    }
    if (!piece) continue;
    const text = decodeEntities(piece);
    parts.push(marked ? <mark key={key++}>{text}</mark> : <Fragment key={key++}>{text}</Fragment>);
  }
  return <span className={className}>{parts}</span>;
}
