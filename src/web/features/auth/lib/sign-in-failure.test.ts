import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGE } from '../../../../common/auth-messages';
import { ApiError } from '../../../lib/api-client';
import { signInFailureDetail } from './sign-in-failure';

describe('signInFailureDetail', () => {
  it("shows the help desk's per-address limit as the server words it", () => {
    const sentence = 'Too many sign-in codes were asked for this address. Please try again in 42 minutes.';
    expect(signInFailureDetail(new ApiError(429, sentence))).toBe(sentence);
  });

  it('shows the per-client limit (RATE_LIMITED, or no answer body) with the common sentence', () => {
    expect(signInFailureDetail(new ApiError(429, 'RATE_LIMITED'))).toBe(RATE_LIMIT_MESSAGE);
    expect(signInFailureDetail(new ApiError(429, undefined))).toBe(RATE_LIMIT_MESSAGE);
  });

  it('reads an unreachable portal, or anything thrown that is not an answer, as a connection problem', () => {
    expect(signInFailureDetail(new ApiError(0, undefined))).toMatch(/could not be reached/);
    expect(signInFailureDetail(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });
});
