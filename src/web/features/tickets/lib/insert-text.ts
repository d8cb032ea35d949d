/** Where an insert goes: the caret or selection the text box last had, or its end when it never had one. */
export interface Caret {
  start: number;
  end: number;
}

/** `text` put into `body` at `caret` (replacing a selection), or after what is there, a blank line between. */
export function insertInto(body: string, text: string, caret: Caret | null): { body: string; caret: number } {
  if (caret === null) {
    const joined = body.trim() === '' ? text : `${body.replace(/\s+$/, '')}\n\n${text}`;
    return { body: joined, caret: joined.length };
  }
  const start = Math.min(caret.start, body.length);
  const end = Math.min(Math.max(caret.end, start), body.length);
  return { body: body.slice(0, start) + text + body.slice(end), caret: start + text.length };
}
