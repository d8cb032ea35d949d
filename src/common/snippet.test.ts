import { describe, expect, it } from 'vitest';
import { cutSnippet, ELLIPSIS, htmlToPlainText, JIRA_SNIPPET_LENGTH } from './snippet.js';

describe('cutSnippet', () => {
  it('returns short text unchanged, without an ellipsis', () => {
    expect(cutSnippet('Attach a spoke gateway.', 200)).toBe('Attach a spoke gateway.');
  });

  it('returns text of exactly the limit unchanged', () => {
    const text = 'a'.repeat(10);
    expect(cutSnippet(text, 10)).toBe(text);
  });

  it('cuts on the last word boundary before the limit and appends an ellipsis', () => {
    // "one two three four" cut at 10 -> "one two th" -> back to "one two".
    expect(cutSnippet('one two three four', 10)).toBe(`one two${ELLIPSIS}`);
  });

  it('keeps the last word whole when the limit falls right after it', () => {
    expect(cutSnippet('one two three four', 7)).toBe(`one two${ELLIPSIS}`);
  });

  it('drops punctuation left dangling before the ellipsis', () => {
    expect(cutSnippet('transit, spoke, firewall and edge', 15)).toBe(`transit, spoke${ELLIPSIS}`);
  });

  it('collapses whitespace and line breaks before measuring', () => {
    expect(cutSnippet('  one\n\n  two\tthree  ', 200)).toBe('one two three');
  });

  it('cuts a single overlong word hard instead of returning nothing', () => {
    expect(cutSnippet('x'.repeat(30), 10)).toBe(`${'x'.repeat(10)}${ELLIPSIS}`);
  });

  it('never splits an emoji (counts code points)', () => {
    const text = `${'😀'.repeat(5)} tail`;
    expect(cutSnippet(text, 3)).toBe(`😀😀😀${ELLIPSIS}`);
  });

  it('uses 200 characters by default and 150 for Jira', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const normal = cutSnippet(words);
    const jira = cutSnippet(words, JIRA_SNIPPET_LENGTH);
    expect(normal.endsWith(ELLIPSIS)).toBe(true);
    expect(normal.length - ELLIPSIS.length).toBeLessThanOrEqual(200);
    expect(normal.length - ELLIPSIS.length).toBeGreaterThan(190);
    expect(jira.length - ELLIPSIS.length).toBeLessThanOrEqual(150);
    // Whole words only: the text before the ellipsis is a prefix ending at a word end.
    expect(words.startsWith(normal.slice(0, -ELLIPSIS.length))).toBe(true);
    expect(words[normal.length - ELLIPSIS.length]).toBe(' ');
  });

  it('rejects a nonsensical length', () => {
    expect(() => cutSnippet('text', 0)).toThrow(RangeError);
  });
});

describe('htmlToPlainText', () => {
  it('strips tags, comments, scripts and styles and decodes entities', () => {
    const html =
      '<p>Open <strong>Settings &gt; License</strong>&nbsp;now</p><!-- note --><script>alert(1)</script><style>p{}</style><p>Tom &amp; Jerry &#39;quoted&#x27;</p>';
    expect(htmlToPlainText(html)).toBe("Open Settings > License now Tom & Jerry 'quoted'");
  });

  it('leaves unknown entities as they are', () => {
    expect(htmlToPlainText('a &bogus; b')).toBe('a &bogus; b');
  });
});
