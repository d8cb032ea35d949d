import { describe, expect, it } from 'vitest';
import { ELLIPSIS, MARK_END, MARK_START, markedSnippet } from './snippet.js';

const m = (word: string) => `${MARK_START}${word}${MARK_END}`;

describe('markedSnippet', () => {
  it('wraps marked words in <mark> and escapes everything else', () => {
    expect(markedSnippet(`a <b> & ${m('gateway')} "q"`, 200)).toBe(
      'a &lt;b&gt; &amp; <mark>gateway</mark> &quot;q&quot;',
    );
  });

  it('joins adjacent marked words into one mark', () => {
    expect(markedSnippet(`${m('transit')} ${m('gateway')} pair`, 200)).toBe(
      '<mark>transit gateway</mark> pair',
    );
  });

  it('counts visible characters only and cuts on a word boundary with an ellipsis', () => {
    const text = `${m('one')} two three four`;
    expect(markedSnippet(text, 10)).toBe(`<mark>one</mark> two${ELLIPSIS}`);
    expect(markedSnippet(text, 18)).toBe('<mark>one</mark> two three four');
  });

  it('closes a mark the cut falls into', () => {
    expect(markedSnippet(`x ${m('alpha beta gamma')}`, 9)).toBe(`x <mark>alpha</mark>${ELLIPSIS}`);
  });

  it('collapses whitespace and never leaves an escape sequence cut in half', () => {
    expect(markedSnippet('a\n\n  b &&&&&&&&&', 5)).toBe(`a b${ELLIPSIS}`);
  });
});
