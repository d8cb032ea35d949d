import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryCode, searchCountries } from './countries';

const firstFound = (typed: string) => searchCountries(typed, COUNTRIES)[0]?.code;

describe('searchCountries', () => {
  it.each([
    ['UK', 'GB'],
    ['USA', 'US'],
    ['u.s.', 'US'],
    ['Turkey', 'TR'],
    ['turkiye', 'TR'],
    ['Russia', 'RU'],
    ['Iran', 'IR'],
    ['Syria', 'SY'],
    ['North Korea', 'KP'],
    ['South Korea', 'KR'],
    ['Laos', 'LA'],
    ['  germany ', 'DE'],
  ])('%s finds %s first', (typed, code) => {
    expect(firstFound(typed)).toBe(code);
  });

  it('puts the country a short name names before those that merely start with it', () => {
    expect(searchCountries('uk', COUNTRIES).map((country) => country.code)).toEqual(['GB', 'UA']);
  });

  it('finds a country by a word of its name, and nothing for what names none', () => {
    expect(searchCountries('korea', COUNTRIES).map((country) => country.code)).toEqual(['KP', 'KR']);
    expect(searchCountries('xyzzy', COUNTRIES)).toEqual([]);
  });

  it('searches only the countries it is given, and gives them all for an empty search', () => {
    const withoutUs = COUNTRIES.filter((country) => country.code !== 'US');
    expect(searchCountries('USA', withoutUs).map((country) => country.code)).not.toContain('US');
    expect(searchCountries(' ', withoutUs)).toHaveLength(withoutUs.length);
  });
});

describe('countryCode', () => {
  it('reads the short names the search offers, as the embargo check must', () => {
    expect(countryCode('Syria')).toBe('SY');
    expect(countryCode('laos')).toBe('LA');
    expect(countryCode('UK')).toBe('GB');
  });
});
