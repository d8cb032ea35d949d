import { describe, expect, it } from 'vitest';
import { markedSnippet } from '../../../common/snippet.js';
import { highlight, highlightTermsOf } from './highlight.js';
import { parseQuery, synonymIndex } from './query-terms.js';

const snippet = (text: string, query: string, synonyms = synonymIndex([])) =>
  markedSnippet(highlight(text, highlightTermsOf(parseQuery(query, synonyms))), 200);

describe('server-side highlighting', () => {
  it('marks the words the search matches: other forms of the word, not noise words', () => {
    expect(snippet('The gateways apply policies to the tunnel.', 'the gateway policy')).toBe(
      'The <mark>gateways</mark> apply <mark>policies</mark> to the tunnel.',
    );
  });

  it('marks the narrowing words of a query, whole: "down" but not "download"', () => {
    expect(snippet('The gateway is down; download its logs.', 'gateway is down')).toBe(
      'The <mark>gateway</mark> is <mark>down</mark>; download its logs.',
    );
  });

  it('marks any word starting like the last word typed (the prefix match)', () => {
    expect(snippet('Configure propagation, then propagate routes.', 'route propa')).toBe(
      // Neighbouring marks are joined into one.
      'Configure <mark>propagation</mark>, then <mark>propagate routes</mark>.',
    );
  });

  it('marks every spelling of a synonym group', () => {
    const synonyms = synonymIndex([['vpc', 'vnet']]);
    expect(snippet('Peer the VNet with the VPC.', 'vpc peering', synonyms)).toBe(
      '<mark>Peer</mark> the <mark>VNet</mark> with the <mark>VPC</mark>.',
    );
  });

  it('opens the snippet just before the passage that holds the most query words', () => {
    const filler = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const text = `Transit is mentioned once here. ${filler} The transit gateway attaches spokes.`;
    const result = snippet(text, 'transit gateway');
    expect(result).toBe('word57 word58 word59 The <mark>transit gateway</mark> attaches spokes.');
  });

  it('marks whole words only, whatever their script or case', () => {
    expect(snippet('Éclairs, an ÉCLAIR, nonéclair; gateway1 and agateway.', 'éclair gateway1')).toBe(
      '<mark>Éclairs</mark>, an <mark>ÉCLAIR</mark>, nonéclair; <mark>gateway1</mark> and agateway.',
    );
    // A letter outside the Basic Multilingual Plane (two UTF-16 units) before a word makes it part of it.
    expect(snippet('𝐀gateway, 𝐀 gateway', 'gateway')).toBe('𝐀gateway, 𝐀 <mark>gateway</mark>');
  });

  it('escapes the text and marks nothing when no word matches', () => {
    expect(snippet('<script>alert(1)</script> & more', 'gateway')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; more',
    );
  });

  it('marks release numbers and keys whole, never a lone digit nor the digits of another number', () => {
    const text = 'Go from 7.2 to 8.1 in 2 steps (see NET-1008; not 8.10, 18.1 or 8.1.1305), step 1.';
    expect(snippet(text, 'upgrade from 7.2 to 8.1')).toBe(
      'Go from <mark>7.2</mark> to <mark>8.1</mark> in 2 steps (see NET-1008; not 8.10, 18.1 or 8.1.1305), step 1.',
    );
    expect(snippet(text, 'steps 2 1')).toBe(
      'Go from 7.2 to 8.1 in 2 <mark>steps</mark> (see NET-1008; not 8.10, 18.1 or 8.1.1305), <mark>step</mark> 1.',
    );
    expect(snippet(text, 'NET-1008 8.1.1305')).toContain(
      '(see <mark>NET-1008</mark>; not 8.10, 18.1 or <mark>8.1.1305</mark>), step 1.',
    );
    // The number of a key is not a number of its own, as PostgreSQL stores it as `-1008`.
    expect(snippet(text, 'ticket 1008')).not.toContain('<mark>');
  });
});
