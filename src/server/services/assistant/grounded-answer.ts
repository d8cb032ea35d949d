/**
 * What of a model's reply may be shown: an answer written only from the numbered passages, citing
 * them as `[1]`, `[2]`, `[3]`. A citation of a passage that was not shown is dropped; a reply that cites none
 * of them, or says {@link DECLINE}, is no answer at all. The reply is checked as it streams, so the user reads
 * it as it is written but never reads text the model wrote before it cited anything.
 */

/** What the model is told to reply, alone, when the passages do not answer the question. */
export const DECLINE = 'NO_ANSWER';

/** A citation: `[2]`, or several numbers `[1, 3]`. */
const CITATION = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
/** A citation still being written at the end of the reply (`[`, `[1`, `[1, `): held back until it closes. */
const OPEN_CITATION = /\[[\d,\s]{0,12}$/;

export class GroundedAnswer {
  private reply = '';
  /** How much of the shown text has been handed out. */
  private handedOut = 0;

  constructor(private readonly passageCount: number) {}

  /** Adds a piece of the model's reply; answers the text that may be shown now ('' while it is held back). */
  push(piece: string): string {
    this.reply += piece;
    if (this.reply.includes(DECLINE)) return '';
    const open = OPEN_CITATION.exec(this.reply);
    const { text, grounded } = this.shown(open ? this.reply.slice(0, open.index) : this.reply);
    if (!grounded) return '';
    const next = text.slice(this.handedOut);
    this.handedOut = text.length;
    return next;
  }

  /** The whole answer once the reply has ended, or null when the model declined or cited no passage. */
  finish(): string | null {
    if (this.reply.includes(DECLINE)) return null;
    const { text, grounded } = this.shown(this.reply);
    const answer = text.trim();
    return grounded && answer !== '' ? answer : null;
  }

  /** The text with only the citations of shown passages, each as `[n]`, and whether it has any. */
  private shown(reply: string): { text: string; grounded: boolean } {
    let grounded = false;
    const text = reply.trimStart().replace(CITATION, (_citation, numbers: string) => {
      const kept = numbers
        .split(',')
        .map(Number)
        .filter((n) => n >= 1 && n <= this.passageCount);
      if (kept.length > 0) grounded = true;
      return [...new Set(kept)].map((n) => `[${n}]`).join('');
    });
    return { text, grounded };
  }
}
