import { z } from 'zod';

/**
 * Text a request may carry into the database. PostgreSQL cannot store U+0000 in a text value (the driver
 * fails the whole statement), and the other C0 control characters (tab, line feed and carriage return
 * aside) and DEL are never typed by a person: they only arrive from scripts probing the API. Refusing them
 * in the schema turns such input into a 400 that names the field, before any query runs.
 */
const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

function hasNoControlCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
  }
  return true;
}

/** Replaces every control character {@link hasNoControlCharacters} refuses with a space. */
export function withoutControlCharacters(value: string): string {
  return hasNoControlCharacters(value)
    ? value
    : Array.from(value, (char) => (hasNoControlCharacters(char) ? char : ' ')).join('');
}

/** A string a request may carry into SQL: `z.string()` that refuses control characters. */
export function storableText() {
  return z.string().refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE);
}
