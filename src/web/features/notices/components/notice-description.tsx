import classes from './notices.module.css';

/**
 * A notice's description: HTML the server sanitized with its allow-list on write and again on read
 * (services/notices/notice-html.ts), so it is shown as HTML, formatting and links kept.
 */
export function NoticeDescription({ html }: { html: string }) {
  return <div className={classes.description} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The description's text (search, titles); DOMParser runs no script and loads nothing. */
export function descriptionText(html: string): string {
  if (typeof DOMParser === 'undefined')
    return html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
