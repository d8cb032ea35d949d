/**
 * Credentials out of log lines. Every line the vendor HTTP helper writes goes through `redactingLog`, so an
 * `Authorization` header, an OAuth token or a client secret never reaches the log, whatever a caller or a
 * vendor's answer puts in the fields.
 */
export const REDACTED = '[redacted]';

/** Field names whose values are credentials, whatever they hold. */
const SECRET_FIELD = /authorization|cookie|token|secret|password|passwd|api[-_]?key|credential|signature/i;

const SCHEME_CREDENTIAL = /\b(Bearer|Basic|Token)\s+[\w.~+/=-]+/gi;
const QUERY_CREDENTIAL =
  /\b((?:access_|refresh_|id_)?token|client_secret|api[-_]?key|password|code|X-Amz-Signature|X-Amz-Credential)=[^&\s;"']+/gi;
const JSON_CREDENTIAL =
  /("(?:access_token|refresh_token|id_token|token|client_secret|password|api_key|authorization)"\s*:\s*)"[^"]*"/gi;

/** A text with the credentials it may hold (`Bearer …`, `token=…` in a query, `"access_token":"…"`) masked. */
export function redactText(text: string): string {
  return text
    .replace(SCHEME_CREDENTIAL, `$1 ${REDACTED}`)
    .replace(QUERY_CREDENTIAL, `$1=${REDACTED}`)
    .replace(JSON_CREDENTIAL, `$1"${REDACTED}"`);
}

/**
 * A copy of a log field fit to write: credential fields masked whatever their value, strings masked by
 * `redactText`, `Headers` turned into a plain object first. Deep structures are cut at a few levels.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '[nested]';
  if (value instanceof Headers) return redact(Object.fromEntries(value), depth);
  if (value instanceof Error) return { name: value.name, message: redactText(value.message) };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      SECRET_FIELD.test(key) ? REDACTED : redact(field, depth + 1),
    ]),
  );
}

/** The part of a logger the helper writes with (a pino or Fastify logger fits). */
export interface VendorLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** A logger that redacts every field and message before the given one writes it. */
export function redactingLog(log: VendorLog): VendorLog {
  const safe = (fields: object) => redact(fields) as object;
  return {
    info: (fields, message) => log.info(safe(fields), redactText(message)),
    warn: (fields, message) => log.warn(safe(fields), redactText(message)),
    error: (fields, message) => log.error(safe(fields), redactText(message)),
  };
}
