import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { COUNTRY_FIELDS, type CountryField } from './downloads.js';

/**
 * The ~250 countries of ISO 3166-1 (`i18n-iso-countries`, the brief's choice) in English, for the download
 * wizard's country fields and the server's embargo check, which must read a country the same way.
 */
countries.registerLocale(en);

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  /** The English name the wizard shows. */
  name: string;
}

/** Every country, sorted by name. */
export const COUNTRIES: readonly Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/**
 * Names people write that the library does not list. It already knows most short names ('UK', 'USA',
 * 'Turkey', 'Russia', 'Iran', 'South Korea'); these are the common ones it lacks (it has only 'Syrian Arab
 * Republic' for Syria).
 */
const EXTRA_NAMES: Record<string, string[]> = {
  SY: ['Syria'],
  KP: ["Democratic People's Republic of Korea", 'DPRK', 'Korea, North'],
  KR: ['Korea, South'],
  VE: ['Bolivarian Republic of Venezuela'],
  AE: ['UAE'],
  BN: ['Brunei'],
  FM: ['Micronesia'],
  LA: ['Laos'],
  MD: ['Moldova'],
  MM: ['Burma'],
  NL: ['Holland'],
  SZ: ['Swaziland'],
  VA: ['Vatican', 'Vatican City'],
};

/** Every name of a country: the library's, then ours. */
const namesByCode = new Map<string, string[]>(
  Object.entries(countries.getNames('en', { select: 'all' })).map(([code, names]) => [
    code,
    [...names, ...(EXTRA_NAMES[code] ?? [])],
  ]),
);

const byWritten = new Map<string, string>();
for (const [code, names] of namesByCode) {
  for (const name of names) byWritten.set(name.toLowerCase(), code);
  byWritten.set(code.toLowerCase(), code);
  const alpha3 = countries.alpha2ToAlpha3(code);
  if (alpha3) byWritten.set(alpha3.toLowerCase(), code);
}

/**
 * The alpha-2 code of a country written as a name, an alias, an alpha-2 or an alpha-3 code, trimmed and in
 * any case (`' iran '`, `'RUS'`, `'north korea'`); undefined when it names no country.
 */
export function countryCode(written: string): string | undefined {
  return byWritten.get(written.trim().replace(/\s+/g, ' ').toLowerCase());
}

/** Lower case, without accents, dots or repeated spaces: 'Türkiye' is found by 'turkiye', 'U.S.A.' by 'usa'. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const foldedNames = new Map<string, string[]>(
  [...namesByCode].map(([code, names]) => [code, names.map(folded)]),
);

/**
 * How well `query` (folded) names a country: 0 one of its names or short names exactly ('uk'), 1 a name
 * starts with it, 2 a word of a name does, 3 a name holds it; undefined when none does.
 */
function matchRank(code: string, query: string): number | undefined {
  const names = foldedNames.get(code) ?? [];
  if (names.includes(query)) return 0;
  if (names.some((name) => name.startsWith(query))) return 1;
  if (names.some((name) => name.split(/[\s,()'-]+/).some((word) => word.startsWith(query)))) return 2;
  if (names.some((name) => name.includes(query))) return 3;
  return undefined;
}

/**
 * The countries (of `among`, by alpha-2 code) that a typed search names, by any of their names or common
 * short names ('UK', 'USA', 'Turkey', 'Syria'), in any case and without accents: the one it names exactly
 * first, then those whose name starts with it, then the rest, each group in the order given. An empty
 * search gives them all.
 */
export function searchCountries<T extends { code: string }>(query: string, among: readonly T[]): T[] {
  const wanted = folded(query);
  if (wanted === '') return [...among];
  return among
    .map((country, index) => ({ country, index, rank: matchRank(country.code, wanted) }))
    .filter((entry): entry is { country: T; index: number; rank: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.country);
}

/** The English name of an alpha-2 code, or the code itself. */
export function countryName(code: string): string {
  return countries.getName(code, 'en', { select: 'official' }) ?? code;
}

/**
 * The country fields of a download request or of the wizard's draft that name one of the `embargoed`
 * countries (alpha-2 codes), read as `countryCode` reads them: the wizard and the download API apply one
 * embargo test, so neither lets through what the other refuses. An empty or unknown country is not embargoed
 * (the required-field and country checks answer for it).
 */
export function embargoedFields(
  written: Partial<Record<CountryField, string | undefined>>,
  embargoed: readonly string[],
): CountryField[] {
  return COUNTRY_FIELDS.filter((field) => {
    const code = countryCode(written[field] ?? '');
    return code !== undefined && embargoed.includes(code);
  });
}
