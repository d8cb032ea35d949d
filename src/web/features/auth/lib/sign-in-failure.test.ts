import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGE } from '../../../../common/auth-messages';
import { signInFailureDetail } from './sign-in-failure';

describe('signInFailureDetail', () => {
  it("shows the help desk's per-address limit as the server words it", () => {
    const sentence = 'Too many sign-in codes were asked for this address. Please try again in 42 minutes.';
    expect(signInFailureDetail({ status: 429, code: sentence })).toBe(sentence);
  });

  it('shows the per-client limit (RATE_LIMITED, or no answer body) with the common sentence', () => {
    expect(signInFailureDetail({ status: 429, code: 'RATE_LIMITED' })).toBe(RATE_LIMIT_MESSAGE);
    expect(signInFailureDetail({ status: 429 })).toBe(RATE_LIMIT_MESSAGE);
  });
});
