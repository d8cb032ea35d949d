import { z } from 'zod';

import { hasNoControlCharacters } from '../control-characters.js';

export { withoutControlCharacters } from '../control-characters.js';

/** Refusing control characters in the schema turns them into a 400 that names the field, before any query runs. */
const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

/** A string a request may carry into SQL: `z.string()` that refuses control characters. */
export function storableText() {
  return z.string().refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE);
}
