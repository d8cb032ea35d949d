import { describe, expect, it } from 'vitest';
import { countLabel, SEARCH_COUNT_CAP } from './search-sources.js';

describe('countLabel', () => {
  it('shows a count below the cap as it is, and the cap, where counting stopped, with a plus', () => {
    expect(countLabel(0)).toBe('0');
    expect(countLabel(SEARCH_COUNT_CAP - 1)).toBe(String(SEARCH_COUNT_CAP - 1));
    expect(countLabel(SEARCH_COUNT_CAP)).toBe(`${SEARCH_COUNT_CAP}+`);
    // A deep page counts past the cap (its rows prove them): still a lower bound.
    expect(countLabel(SEARCH_COUNT_CAP + 10)).toBe(`${SEARCH_COUNT_CAP}+`);
  });
});
