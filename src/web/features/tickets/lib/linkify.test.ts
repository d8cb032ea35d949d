import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

const jira = (key: string) => (key === 'NET-1008' ? 'https://jira.example/browse/NET-1008' : null);

describe('linkify', () => {
  it('links http, https and mailto addresses, leaving the sentence around them as text', () => {
    expect(linkify('See https://docs.example/a?b=1. Or mail mailto:help@example.com, thanks')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://docs.example/a?b=1', href: 'https://docs.example/a?b=1' },
      { kind: 'text', text: '. Or mail ' },
      { kind: 'link', text: 'mailto:help@example.com', href: 'mailto:help@example.com' },
      { kind: 'text', text: ', thanks' },
    ]);
  });

  it('leaves a javascript: or data: address and any markup as plain text', () => {
    const text = 'click javascript:alert(1) or data:text/html,<b>x</b> <a href="javascript:alert(1)">me</a>';
    expect(linkify(text)).toEqual([{ kind: 'text', text }]);
  });

  it('links the issue keys the tracker knows, and no look-alikes', () => {
    expect(linkify('Same as NET-1008, not NET-9 nor UTF-8.', jira)).toEqual([
      { kind: 'text', text: 'Same as ' },
      { kind: 'link', text: 'NET-1008', href: 'https://jira.example/browse/NET-1008' },
      { kind: 'text', text: ', not NET-9 nor UTF-8.' },
    ]);
  });
});
