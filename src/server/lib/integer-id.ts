/** Largest value of a PostgreSQL `integer` (the id columns). */
const MAX_INTEGER_ID = 2_147_483_647;

/**
 * A numeric id when the value is one an id column can hold. Any other value, a 20-digit number included,
 * is looked up as a slug: it then finds nothing (404) instead of overflowing the integer comparison (500).
 */
export function asIntegerId(idOrSlug: string): number | undefined {
  if (!/^\d{1,10}$/.test(idOrSlug)) return undefined;
  const id = Number(idOrSlug);
  return id <= MAX_INTEGER_ID ? id : undefined;
}
