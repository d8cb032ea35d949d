import { describe, expect, it } from 'vitest';
import { vendorFailureMessage } from './request-loop.js';

describe('vendorFailureMessage', () => {
  it('names the vendor and says what its answer means, and when to ask again', () => {
    expect(vendorFailureMessage('gitbook', 429, 120_000)).toBe(
      "GitBook is limiting the portal's requests (429 Too Many Requests); it may be asked again in about 2 minutes.",
    );
    expect(vendorFailureMessage('jira', 503, 5_000)).toBe(
      'Jira failed to answer (503, a problem on its side); it may be asked again in about 5 seconds.',
    );
    expect(vendorFailureMessage('forumbee', undefined)).toBe('Forumbee could not be reached.');
    expect(vendorFailureMessage('zendesk', 401)).toBe("Zendesk refused the portal's credentials (401).");
  });

  it('says nothing of a wait under a second (a reset already past)', () => {
    expect(vendorFailureMessage('gitbook', 429, 0)).toBe(
      "GitBook is limiting the portal's requests (429 Too Many Requests).",
    );
    expect(vendorFailureMessage('gitbook', 429, 400)).toBe(
      "GitBook is limiting the portal's requests (429 Too Many Requests).",
    );
  });
});
