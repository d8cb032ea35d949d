import { adfWords, type FakeIssue } from './fixtures';

/**
 * The small JQL subset the fake understands: exactly what the portal's adapter writes,
 *
 *   (<scope>) AND (<clause> [OR <clause>]…) [ORDER BY updated DESC]
 *   scope:  project = KEY | project in (KEY, KEY…)
 *   clause: text ~ "<text search>" | key = "<KEY-1>"
 *
 * Anything else is a JqlError (answered 400 as Jira does); a query without the scope is "unbounded"
 * (https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/#api-rest-api-3-search-jql-post:
 * the enhanced search requires a bounded query). Inside `text ~`, words must all appear, "quoted phrases"
 * appear as written, and a backslash escapes the next character
 * (https://support.atlassian.com/jira-software-cloud/docs/search-syntax-for-text-fields/).
 */

export class JqlError extends Error {}

export const UNBOUNDED_MESSAGE =
  'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.';

export interface ParsedJql {
  projects: string[];
  clauses: ({ kind: 'text'; words: string[]; phrases: string[] } | { kind: 'key'; key: string })[];
}

/** Reads a JQL string literal at `at` (a `"`); answers its value and where it ends. */
function readString(jql: string, at: number): { value: string; end: number } {
  if (jql[at] !== '"') throw new JqlError(`Error in the JQL Query: Expecting a string at position ${at}.`);
  let value = '';
  for (let i = at + 1; i < jql.length; i++) {
    const char = jql[i];
    if (char === '\\') {
      const next = jql[i + 1];
      if (next !== '\\' && next !== '"')
        throw new JqlError(`Error in the JQL Query: Illegal escape at ${i}.`);
      value += next;
      i++;
    } else if (char === '"') return { value, end: i + 1 };
    else value += char;
  }
  throw new JqlError('Error in the JQL Query: The quoted string has not been completed.');
}

/** The text-search syntax inside `text ~`: words and quoted phrases, `\x` standing for `x`. */
function textTerms(value: string): { words: string[]; phrases: string[] } {
  const words: string[] = [];
  const phrases: string[] = [];
  let i = 0;
  const readUntil = (stop: (char: string) => boolean) => {
    let out = '';
    while (i < value.length && !stop(value[i] ?? '')) {
      if (value[i] === '\\') i++;
      else if (/[+&|!(){}[\]^~*?:/]/.test(value[i] ?? '') || (value[i] === '-' && out === '')) {
        throw new JqlError(
          `Error in the JQL Query: the character '${value[i]}' is a reserved JQL character.`,
        );
      }
      out += value[i] ?? '';
      i++;
    }
    return out;
  };
  while (i < value.length) {
    if (value[i] === ' ') i++;
    else if (value[i] === '"') {
      i++;
      phrases.push(readUntil((char) => char === '"').toLowerCase());
      i++;
    } else words.push(readUntil((char) => char === ' ').toLowerCase());
  }
  return { words: words.filter(Boolean), phrases: phrases.filter(Boolean) };
}

export function parseJql(jql: string): ParsedJql {
  const text = jql.replace(/\s+ORDER BY updated DESC\s*$/i, '').trim();
  const scope = /^\(project\s*(?:=\s*([A-Z][A-Z0-9_]*)|in\s*\(([A-Z0-9_,\s]+)\))\)\s+AND\s+\(/.exec(text);
  if (!scope) {
    if (/^(text|key)\b/.test(text) || text === '') throw new JqlError(UNBOUNDED_MESSAGE);
    throw new JqlError(`Error in the JQL Query: the fake does not understand '${text.slice(0, 60)}'.`);
  }
  const projects = scope[1] ? [scope[1]] : (scope[2] ?? '').split(',').map((key) => key.trim());
  const clauses: ParsedJql['clauses'] = [];
  let at = scope[0].length;
  for (;;) {
    const head = /^(text\s*~\s*|key\s*=\s*)/.exec(text.slice(at));
    if (!head) throw new JqlError(`Error in the JQL Query: Expecting a clause at position ${at}.`);
    at += head[0].length;
    const literal = readString(text, at);
    at = literal.end;
    if (head[0].startsWith('text')) clauses.push({ kind: 'text', ...textTerms(literal.value) });
    else clauses.push({ kind: 'key', key: literal.value.toUpperCase() });
    const rest = text.slice(at);
    if (rest === ')') break;
    const or = /^\s+OR\s+/.exec(rest);
    if (!or) throw new JqlError(`Error in the JQL Query: Expecting 'OR' or ')' at position ${at}.`);
    at += or[0].length;
  }
  return { projects, clauses };
}

/** The issues of `issues` the parsed query matches (Jira: only in the scope's projects). */
export function matching(parsed: ParsedJql, issues: readonly FakeIssue[]): FakeIssue[] {
  return issues.filter((issue) => {
    if (!parsed.projects.includes(issue.key.split('-')[0] ?? '')) return false;
    const haystack = `${issue.key} ${issue.summary} ${adfWords(issue.description)}`
      .toLowerCase()
      .replace(/\s+/g, ' ');
    return parsed.clauses.some((clause) =>
      clause.kind === 'key'
        ? issue.key === clause.key
        : clause.words.every((word) => haystack.includes(word)) &&
          clause.phrases.every((phrase) => haystack.includes(phrase)),
    );
  });
}
