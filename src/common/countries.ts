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

/** Names people write that the library does not list (it has only 'Syrian Arab Republic' for Syria). */
const EXTRA_NAMES: Record<string, string[]> = {
  SY: ['Syria'],
  KP: ["Democratic People's Republic of Korea", 'DPRK', 'Korea, North'],
  VE: ['Bolivarian Republic of Venezuela'],
};

const byWritten = new Map<string, string>();
for (const [code, names] of Object.entries(countries.getNames('en', { select: 'all' }))) {
  for (const name of [...names, ...(EXTRA_NAMES[code] ?? [])]) byWritten.set(name.toLowerCase(), code);
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
