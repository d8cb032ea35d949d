/**
 * Input no generator is likely to hit: what attackers, broken clients and copy-paste send. Every value here is
 * sent to every route that takes input, in the body, the query string and the path.
 */

const LONG = 100_000;

/** Strings for any text field or parameter. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  'x'.repeat(LONG),
  // Astral characters (two UTF-16 units each), right-to-left text with an override, combining marks.
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀👩‍👩‍👧‍👦 𠜎𠜱'.repeat(200),
  'مرحبا بالعالم \u202Egnp.exe\u202C שלום',
  `e${'\u0301'.repeat(5000)}`,
  'Z̴̡̧͔̻̦a̵̧̰̱͖l̶̼̦g̸̳̣ö̵́',
  '\uFEFFbom',
  // A lone surrogate: not valid UTF-16, so it is sent as the replacement character or fails to encode.
  '\uD800',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001B[31m\u007F\u009B',
  'line\r\nSet-Cookie: hijacked=1',
  // SQL and script payloads.
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; select pg_sleep(5)',
  "%' union select null,null--",
  '"><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%0d%0a',
  '\\',
  // Numbers as text, past every integer type.
  '12345678901234567890',
  '-12345678901234567890',
  '1e309',
  'NaN',
  '-0',
  '0x1F',
];

/** Values of every JSON kind, for any field or as the whole body. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER,
  [],
  {},
  [null],
  { nested: { deeper: [1, 'two', { three: null }] } },
];

/**
 * A 20-digit number as it arrives in JSON text: past JavaScript's exact integers and PostgreSQL's bigint.
 * JSON.stringify cannot write it, so it is written into the text.
 */
export const TWENTY_DIGITS = '12345678901234567890';

/** Bodies sent as they are with `content-type: application/json`. */
export const MALFORMED_JSON: readonly string[] = [
  '',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  '[1,2',
  'undefined',
  'NaN',
  '"just a string"',
  '12345678901234567890',
  `{"id":${TWENTY_DIGITS},"page":${TWENTY_DIGITS}}`,
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '\u0000',
  '{"text":"\\u0000"}',
  '{"text":"\u0000"}',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"x":${'{"x":'.repeat(2000)}1${'}'.repeat(2000)}}`,
];

/** Content types a JSON route does not take, each with a body of that kind. */
export const WRONG_CONTENT_TYPES: readonly { contentType: string | null; payload: string }[] = [
  { contentType: 'text/plain', payload: '{}' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { contentType: 'application/xml', payload: '<a>1</a>' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'application/jsonx', payload: '{}' },
  { contentType: 'image/png', payload: '\u0089PNG\r\n' },
  { contentType: null, payload: '{}' },
];

/** Raw query strings (after the `?`) no object of the schema writes. */
export const MALFORMED_QUERIES: readonly string[] = [
  '%',
  '%ZZ',
  'a[b]=1&a[c]=2',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  `page=${TWENTY_DIGITS}`,
  'page=1&page=2',
  'id=1&id=2&id=3',
  `q=${'%F0%9F%98%80'.repeat(300)}`,
  `searchValue=${'x'.repeat(10_000)}`,
  'searchValue=%00',
  '=&&==',
];
