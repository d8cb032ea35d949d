import { describe, expect, it } from 'vitest';
import { insertInto } from './insert-text';

describe('insertInto', () => {
  it('puts the text at the caret, with the caret after it', () => {
    expect(insertInto('Hello,\nThanks', 'INSERT ', { start: 7, end: 7 })).toEqual({
      body: 'Hello,\nINSERT Thanks',
      caret: 14,
    });
  });

  it('replaces a selection', () => {
    expect(insertInto('Hello world', 'there', { start: 6, end: 11 })).toEqual({
      body: 'Hello there',
      caret: 11,
    });
  });

  it('appends after a blank line when the box never had a caret, and fills an empty box', () => {
    expect(insertInto('Hello,  \n', 'Text', null)).toEqual({ body: 'Hello,\n\nText', caret: 12 });
    expect(insertInto('', 'Text', null)).toEqual({ body: 'Text', caret: 4 });
  });

  it('keeps a caret past the end (the text changed meanwhile) inside the text', () => {
    expect(insertInto('Hi', '!', { start: 10, end: 12 })).toEqual({ body: 'Hi!', caret: 3 });
  });
});
