import { linkify } from '../lib/linkify';

/**
 * A plain-text comment with its addresses (http, https, mailto) and known issue keys as links. The text is
 * never read as HTML: markup in a comment shows as written.
 */
export function LinkedText({
  text,
  issueUrl,
  className,
}: {
  text: string;
  issueUrl?: ((key: string) => string | null) | undefined;
  className?: string | undefined;
}) {
  return (
    <p className={className}>
      {linkify(text, issueUrl).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <a key={index} href={part.href} rel="noopener noreferrer nofollow" target="_blank">
            {part.text}
          </a>
        ),
      )}
    </p>
  );
}
