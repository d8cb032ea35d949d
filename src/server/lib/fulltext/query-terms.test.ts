import { describe, expect, it } from 'vitest';
import {
  allTermsText,
  anyTermText,
  boostTerms,
  matchTerms,
  identifierTitleText,
  namedItemOf,
  namesIdentifier,
  parseQuery,
  partialTerms,
  partialMatchText,
  requiredMatches,
  synonymIndex,
  termText,
  titleTermsText,
  wordsOf,
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
    expect(allTermsText(parseQuery("an | b & !c <-> d:* 'x'"))).toBe('b & c & d & x');
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
    // A question of noise words only has no term to search: it finds nothing, fully or partly.
    expect(allTermsText(parseQuery('how do I'))).toBe('');
    expect(anyTermText(parseQuery('how do I'))).toBe('');
    expect(allTermsText(parseQuery('how do I upgrade'))).toBe('upgrade:*');
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

  it('keeps release numbers, tracker keys and codes whole, as PostgreSQL parses them', () => {
    expect(
      wordsOf('Upgrade from 7.2 to 8.1, build 8.1.1305 (v7.2), NET-1008, error 0x80004005, #32.'),
    ).toEqual([
      'upgrade',
      'from',
      '7.2',
      'to',
      '8.1',
      'build',
      '8.1.1305',
      'v7.2',
      'net-1008',
      'error',
      '0x80004005',
      '32',
    ]);
    // A range of releases is two releases; a hyphened word without a number stays two words.
    expect(wordsOf('7.2-8.1 wi-fi 2023.39.8.')).toEqual(['7.2', '8.1', 'wi', 'fi', '2023.39.8']);
    // A CVE id is one token, stored as `cve`, `-2025`, `-9230`.
    expect(wordsOf('fixes CVE-2025-9230.')).toEqual(['fixes', 'cve-2025-9230']);
    expect(allTermsText(parseQuery('CVE-2025-9230'))).toBe("'cve-2025-9230'");
  });

  it('an identifier goes to PostgreSQL in quotes, whole, and never as a prefix', () => {
    expect(allTermsText(parseQuery('how do I upgrade from 7.2 to 8.1'))).toBe("upgrade & '7.2' & '8.1'");
    expect(allTermsText(parseQuery('upgrade 8.1'))).toBe("upgrade & '8.1'");
    expect(allTermsText(parseQuery('NET-1008'))).toBe("'net-1008'");
    expect(allTermsText(parseQuery('error 0x80004005'))).toBe('error & 0x80004005');
    expect(allTermsText(parseQuery('#32'))).toBe('32');
    expect(allTermsText(parseQuery('gateway -8.1.1305'))).toBe("(gateway) & !'8.1.1305'");
    expect(titleTermsText(parseQuery('7.2 to 8.1'))).toBe("'7.2':A & '8.1':A");
  });

  it('the identifiers and numbers of a query, in a title, earn the bonus of the item they name', () => {
    expect(identifierTitleText(parseQuery('gateway 7.2.4820 NET-1008 step 1 cpu 100'))).toBe(
      "'7.2.4820':A & 'net-1008':A & 100:A",
    );
    expect(identifierTitleText(parseQuery('gateway upgrade'))).toBe('');
  });

  it('a partial match needs every identifier and half of the other terms, rounded down', () => {
    const question = parseQuery('how do I upgrade from 7.2 to 8.1');
    expect(anyTermText(question)).toBe("'7.2' & '8.1'");
    expect(requiredMatches(question)).toBe(2);
    expect(partialMatchText(question)).toBe("'7.2' & '8.1'");
    const longer = parseQuery('what changed for tunnels in 8.0.2210 gateways');
    expect(anyTermText(longer)).toBe("'8.0.2210' & (changed | tunnels | gateways:*)");
    expect(requiredMatches(longer)).toBe(2);
    expect(partialMatchText(longer)).toBe(
      "('8.0.2210' & changed) | ('8.0.2210' & tunnels) | ('8.0.2210' & gateways:*)",
    );
    // Without an identifier (a plain number is none) every term counts alike.
    expect(requiredMatches(parseQuery('cpu 100 gateway'))).toBe(2);
  });

  it('a query names an identifier or a code when it holds a release number, a key, or a code as typed', () => {
    for (const query of [
      'upgrade to 8.1',
      'NET-1008',
      'error 0x80004005',
      'QUOTA_EXCEEDED',
      'RouteLimitExceeded',
    ])
      expect(namesIdentifier(query), query).toBe(true);
    for (const query of ['gateway down', 'ticket 31 is slow', 'IPsec tunnel', 'quota exceeded'])
      expect(namesIdentifier(query), query).toBe(false);
  });

  it('a query of a ticket number or an issue key alone names that ticket or issue', () => {
    expect(namedItemOf(parseQuery('32'))).toEqual({ kind: 'ticket', id: 32 });
    expect(namedItemOf(parseQuery(' #32 '))).toEqual({ kind: 'ticket', id: 32 });
    expect(namedItemOf(parseQuery('net-1008'))).toEqual({ kind: 'issue', key: 'NET-1008' });
    for (const query of ['8.1', '32 -gateway', '"32"x', '1234567890', 'gateway'])
      expect(namedItemOf(parseQuery(query)), query).toBeNull();
  });

  it('a noun of its kind and a word for "number" may come before the number or key', () => {
    expect(namedItemOf(parseQuery('ticket 31'))).toEqual({ kind: 'ticket', id: 31 });
    expect(namedItemOf(parseQuery('Case no. #31'))).toEqual({ kind: 'ticket', id: 31 });
    expect(namedItemOf(parseQuery('issue NET-1008'))).toEqual({ kind: 'issue', key: 'NET-1008' });
    for (const query of ['gateway 31', 'issue 31', 'ticket NET-1008', 'upgrade ticket 31', 'ticket 31 32'])
      expect(namedItemOf(parseQuery(query)), query).toBeNull();
  });
});

describe('words that narrow', () => {
  const boosted = (text: string) => {
    const query = parseQuery(text);
    return boostTerms(query, matchTerms(query)).map((term) => termText(term));
  };

  it('a narrowing word ranks without being required, and is matched whole', () => {
    expect(allTermsText(parseQuery('gateway down'))).toBe('gateway');
    expect(boosted('gateway down')).toEqual(['down']);
    expect(allTermsText(parseQuery('tunnel not up'))).toBe('tunnel');
    expect(boosted('tunnel not up')).toEqual(['not', 'up']);
    expect(allTermsText(parseQuery('bgp down after the upgrade'))).toBe('bgp & upgrade:*');
    expect(boosted('bgp down after the upgrade')).toEqual(['down', 'after']);
  });

  it('a query of narrowing words only requires them; a quoted one is required as typed', () => {
    expect(allTermsText(parseQuery('not up'))).toBe('not & up');
    expect(boosted('not up')).toEqual([]);
    expect(allTermsText(parseQuery('gateway "down"'))).toBe('gateway & down');
    expect(boosted('gateway "down"')).toEqual([]);
  });

  it('a partial match counts the meaningful words; the narrowing ones rank', () => {
    const question = parseQuery('why does the bgp session go down after an upgrade');
    expect(partialTerms(question).map((term) => term.words.join(' '))).toEqual([
      'bgp',
      'session',
      'go',
      'upgrade',
    ]);
    expect(boostTerms(question, partialTerms(question)).map((term) => termText(term))).toEqual([
      'down',
      'after',
    ]);
  });
});
