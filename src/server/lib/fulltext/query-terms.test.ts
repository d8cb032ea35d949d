import { describe, expect, it } from 'vitest';
import {
  allTermsText,
  anyTermText,
  parseQuery,
  partialMatchText,
  requiredMatches,
  synonymIndex,
  termText,
  titleTermsText,
} from './query-terms.js';

const synonyms = synonymIndex([
  ['vpc', 'vnet', 'virtual network'],
  ['dc', 'data centre', 'data center'],
]);

describe('parseQuery and the tsquery texts', () => {
  it('every word must match, the last one also as a prefix', () => {
    expect(allTermsText(parseQuery('Transit gatew'))).toBe('transit & gatew:*');
  });

  it('a word of the synonym list matches any spelling of its group, a phrase as a phrase', () => {
    expect(allTermsText(parseQuery('vnet peering', synonyms))).toBe(
      '(vnet | vpc | (virtual <-> network)) & peering:*',
    );
    // A phrase of the list is one term, whichever spelling was typed.
    expect(allTermsText(parseQuery('data centre outage', synonyms))).toBe(
      '((data <-> centre) | dc | (data <-> center)) & outage:*',
    );
  });

  it('quoted phrases and -exclusions are kept; operators typed by the user never reach the tsquery', () => {
    expect(allTermsText(parseQuery('"route table" -azure limit'))).toBe(
      '((route <-> table) & limit:*) & !azure',
    );
    expect(allTermsText(parseQuery("a | b & !c <-> d:* 'x'"))).toBe('a & b & c & d & x');
  });

  it('no word at all gives no query', () => {
    expect(allTermsText(parseQuery('?!  --- ""'))).toBe('');
    expect(anyTermText(parseQuery('  '))).toBe('');
  });

  it('a partial match counts only meaningful words and needs half of them', () => {
    const question = parseQuery('why is my gateway cpu so high when idle, is that normal?');
    expect(anyTermText(question)).toBe('gateway | cpu | high | idle');
    expect(requiredMatches(question)).toBe(2);
    // Two meaningful words: both (a nonsense word next to a real one finds nothing).
    expect(requiredMatches(parseQuery('vrrrmph quota'))).toBe(2);
    expect(requiredMatches(parseQuery('quota'))).toBe(1);
    // A query of stop words only keeps them (PostgreSQL then drops them: nothing is found).
    expect(anyTermText(parseQuery('how do I'))).toBe('how | do | i');
  });

  it('a numeric or too short last word is not a prefix: alone it needs three letters, after others two', () => {
    expect(allTermsText(parseQuery('release 81'))).toBe('release & 81');
    expect(allTermsText(parseQuery('ha'))).toBe('ha');
    expect(allTermsText(parseQuery('bgp h'))).toBe('bgp & h');
    expect(allTermsText(parseQuery('bgp ha'))).toBe('bgp & ha:*');
  });

  it('the partial match is one tsquery: every combination of the required terms', () => {
    const question = parseQuery('why is my gateway cpu high when idle');
    expect(partialMatchText(question)).toBe(
      '(gateway & cpu) | (gateway & high) | (gateway & idle:*) | (cpu & high) | (cpu & idle:*) | (high & idle:*)',
    );
    // Two words: both, as the first try asks.
    expect(partialMatchText(parseQuery('controller 1050'))).toBe('controller & 1050');
    expect(partialMatchText(parseQuery('gateway -azure'))).toBe('(gateway) & !azure');
    // Nine meaningful words would be 126 combinations: the terms are counted row by row instead.
    expect(partialMatchText(parseQuery('one two three four five six seven eight nine'))).toBeNull();
  });

  it('the title bonus asks for every term in a title: each lexeme labelled A, a prefix keeping its star', () => {
    expect(titleTermsText(parseQuery('"route table" -azure vnet limi', synonyms))).toBe(
      '(route:A <-> table:A) & (vnet:A | vpc:A | (virtual:A <-> network:A)) & limi:*A',
    );
    const [term] = parseQuery('gateway').terms;
    expect(term && termText(term, 'title')).toBe('gateway:*A');
  });
});
