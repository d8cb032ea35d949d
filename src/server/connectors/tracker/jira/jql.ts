/**
 * The JQL of a portal query. Every search is bounded by the configured scope, because Jira refuses
 * unbounded JQL on the enhanced search ("Unbounded JQL queries are not allowed here", see
 * https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/#api-rest-api-3-search-jql-post:
 * "jql ... For performance reasons, this parameter requires a bounded query").
 *
 * `text ~` runs Jira's text search (https://support.atlassian.com/jira-software-cloud/docs/search-syntax-for-text-fields/):
 * terms without operators must all match; a phrase is quoted, and in JQL each of its quote marks is escaped
 * with a backslash; the reserved characters `+ - & | ! ( ) { } [ ] ^ ~ * ? \ : /` are escaped with a
 * backslash of the text syntax, which the JQL string writes as two.
 */

export interface JqlTerm {
  text: string;
  /** Typed between quote marks: matched as an exact phrase. */
  phrase: boolean;
}

/** A pasted paragraph must not become a query of hundreds of terms. */
const MAX_TERMS = 12;

/** Splits a typed query into "quoted phrases" and words; stray quote marks are dropped. */
export function jqlTerms(query: string): JqlTerm[] {
  const terms: JqlTerm[] = [];
  for (const match of query.matchAll(/"([^"]*)"|(\S+)/g)) {
    const phrase = match[1];
    if (phrase !== undefined) {
      const text = phrase.trim().replace(/\s+/g, ' ');
      if (text) terms.push({ text, phrase: true });
    } else {
      const text = (match[2] ?? '').replace(/"/g, '');
      if (text) terms.push({ text, phrase: false });
    }
    if (terms.length >= MAX_TERMS) break;
  }
  return terms;
}

const RESERVED = /[+\-&|!(){}[\]^~*?\\:/]/g;

/** A term in the text-search syntax: reserved characters escaped, a phrase in quote marks. */
function textSyntax(term: JqlTerm): string {
  const escaped = term.text.replace(RESERVED, (char) => `\\${char}`);
  return term.phrase ? `"${escaped}"` : escaped;
}

/** A JQL string literal: its backslashes and quote marks escaped. */
export function jqlString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A whole query shaped like an issue key (`NET-1042`): a project key, a dash and a number. */
const ISSUE_KEY = /^[A-Za-z][A-Za-z0-9_]{0,19}-\d{1,10}$/;

export function issueKeyOf(query: string): string | null {
  const text = query.trim();
  return ISSUE_KEY.test(text) ? text.toUpperCase() : null;
}

export interface JqlInput {
  scope: string;
  query: string;
  match: 'all' | 'any';
  /** Add `OR key = "…"` when the query is shaped like an issue key. */
  withKey: boolean;
}

/** The restriction (without ORDER BY, which the approximate count does not need), or null for no terms. */
export function buildJql(input: JqlInput): string | null {
  const terms = jqlTerms(input.query);
  if (terms.length === 0) return null;
  const clauses =
    input.match === 'any'
      ? terms.map((term) => `text ~ ${jqlString(textSyntax(term))}`)
      : [`text ~ ${jqlString(terms.map(textSyntax).join(' '))}`];
  const key = input.withKey ? issueKeyOf(input.query) : null;
  if (key) clauses.push(`key = ${jqlString(key)}`);
  return `(${input.scope}) AND (${clauses.join(' OR ')})`;
}

/** Newest activity first, as an agent looking for a known defect expects. */
export const ORDER = ' ORDER BY updated DESC';
