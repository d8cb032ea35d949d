/**
 * Text a request may carry into the database. PostgreSQL cannot store U+0000 in a text value (the driver
 * fails the whole statement), and the other C0 control characters (tab, line feed and carriage return
 * aside) and DEL are never typed by a person: they only arrive from scripts probing the API. Here without
 * zod, for the forms that clean what was pasted; contracts/text.ts refuses them in the schemas.
 */
export function hasNoControlCharacters(value: string): boolean {
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
