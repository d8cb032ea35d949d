/** A tracker issue key as agents write it: project key, a dash and a number (`NET-1008`). */
export const ISSUE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,19}-\d{1,10}$/;

/** Issue keys inside free text (a comment, a note): upper-case project keys only, as Jira writes them. */
export const ISSUE_KEYS_IN_TEXT = /\b[A-Z][A-Z0-9_]{1,19}-\d{1,10}\b/g;
