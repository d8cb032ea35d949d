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

  it('collapses every kind of whitespace, not only ASCII, and drops it at both ends', () => {
    expect(markedSnippet(' \t a\u00a0\u00a0b\u2003\u3000c\r\n ', 200)).toBe('a b c');
    expect(markedSnippet(`${m('tab')}\u00a0${m('nbsp')}`, 200)).toBe('<mark>tab nbsp</mark>');
  });

  it('reads no further than the cut needs: a mark past it is not opened', () => {
    const text = `${'word '.repeat(100)}${m('gateway')}`;
    expect(markedSnippet(text, 12)).toBe(`word word${ELLIPSIS}`);
    expect(markedSnippet(text, 14)).toBe(`word word word${ELLIPSIS}`);
  });

  it('collapses whitespace and never leaves an escape sequence cut in half', () => {
    expect(markedSnippet('a\n\n  b &&&&&&&&&', 5)).toBe(`a b${ELLIPSIS}`);
  });
});
