import { describe, expect, it } from 'vitest';
import { paginationWindow } from './pagination.js';

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

describe('paginationWindow (spec section 9)', () => {
  it('shows nothing when everything fits on one page', () => {
    expect(paginationWindow(0, 1)).toEqual([]);
    expect(paginationWindow(1, 1)).toEqual([]);
    expect(paginationWindow(10, 1)).toEqual([]);
  });

  it('shows every page when there are at most 10', () => {
    expect(paginationWindow(11, 1)).toEqual([1, 2]);
    expect(paginationWindow(20, 2)).toEqual([1, 2]);
    expect(paginationWindow(21, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(100, 10)).toEqual(range(1, 10));
  });

  it('keeps the first 10 while the page is at most 6', () => {
    for (const page of [1, 5, 6]) expect(paginationWindow(101, page)).toEqual(range(1, 10));
    expect(paginationWindow(1000, 6)).toEqual(range(1, 10));
  });

  it('slides from page 7 on, the current page sixth', () => {
    expect(paginationWindow(1000, 7)).toEqual(range(2, 11));
    expect(paginationWindow(1000, 50)).toEqual(range(45, 54));
  });

  it('holds the last 10 near the end', () => {
    expect(paginationWindow(101, 7)).toEqual(range(2, 11));
    expect(paginationWindow(101, 11)).toEqual(range(2, 11));
    expect(paginationWindow(200, 16)).toEqual(range(11, 20));
    expect(paginationWindow(200, 20)).toEqual(range(11, 20));
    expect(paginationWindow(191, 20)).toEqual(range(11, 20));
  });

  it('clamps pages outside the range and honours other sizes', () => {
    expect(paginationWindow(1000, 0)).toEqual(range(1, 10));
    expect(paginationWindow(1000, 500)).toEqual(range(91, 100));
    expect(paginationWindow(50, 3, 5, 4)).toEqual([1, 2, 3, 4]);
    expect(paginationWindow(50, 8, 5, 4)).toEqual([6, 7, 8, 9]);
    expect(paginationWindow(50, 10, 5, 4)).toEqual([7, 8, 9, 10]);
  });
});
