import { describe, expect, it } from 'vitest';
import { DECLINE, GroundedAnswer } from './grounded-answer';

/** Feeds the reply in pieces; answers what was shown along the way and the final answer. */
function stream(passageCount: number, pieces: string[]) {
  const answer = new GroundedAnswer(passageCount);
  const shown = pieces.map((piece) => answer.push(piece));
  return { shown, streamed: shown.join(''), final: answer.finish() };
}

describe('a grounded answer', () => {
  it('streams the reply once it cites a shown passage, and the streamed text is the final answer', () => {
    const { shown, streamed, final } = stream(3, [
      'Raise the ',
      'MTU to 1436 ',
      '[',
      '2]. Then restart',
      ' the tunnel [1].',
    ]);
    expect(shown.slice(0, 3)).toEqual(['', '', '']);
    expect(shown[3]).toBe('Raise the MTU to 1436 [2]. Then restart');
    expect(streamed).toBe('Raise the MTU to 1436 [2]. Then restart the tunnel [1].');
    expect(final).toBe(streamed);
  });

  it('drops citations of passages that were not shown, and keeps the shown ones of a list', () => {
    const { streamed, final } = stream(2, ['Use BGP [1, 5]. Or static [7]', ' routes [2][2].']);
    expect(streamed).toBe('Use BGP [1]. Or static  routes [2][2].');
    expect(final).toBe('Use BGP [1]. Or static  routes [2][2].');
    expect(stream(2, ['See [1, 1, 2].']).final).toBe('See [1][2].');
  });

  it('is no answer when the reply cites no shown passage, and nothing of it is shown', () => {
    for (const pieces of [['The answer is 42.'], ['It is in ', 'passage [4].'], ['Try [0] first.']]) {
      const { streamed, final } = stream(3, pieces);
      expect(streamed).toBe('');
      expect(final).toBeNull();
    }
  });

  it('is no answer when the model declines, alone or after some text', () => {
    expect(stream(3, ['NO_', 'ANSWER'])).toEqual({ shown: ['', ''], streamed: '', final: null });
    expect(stream(3, [`  ${DECLINE}\n`]).final).toBeNull();
    const late = stream(3, ['It restarts [1]. ', DECLINE]);
    expect(late.final).toBeNull();
    expect(late.shown[1]).toBe('');
  });

  it('holds a citation back while it is open, and lets a bracket of words through', () => {
    const answer = new GroundedAnswer(3);
    expect(answer.push('Yes [1]. See [')).toBe('Yes [1]. See ');
    expect(answer.push('the guide] and [3')).toBe('[the guide] and ');
    expect(answer.push(']')).toBe('[3]');
    expect(answer.finish()).toBe('Yes [1]. See [the guide] and [3]');
  });

  it('trims the answer and gives nothing for an empty reply', () => {
    expect(stream(1, ['\n\n  Reboot it [1].  \n']).final).toBe('Reboot it [1].');
    expect(stream(1, []).final).toBeNull();
  });
});
