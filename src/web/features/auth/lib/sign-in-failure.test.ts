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

  it("adds the identity provider's error_description to a refused callback, on one line and cut when long", () => {
    const aadsts =
      "AADSTS50105: Your administrator has configured the application Portal ('0b1c') to block users " +
      "unless they are specifically granted ('assigned') access to the application.\r\nTrace ID: 3e9d";
    expect(signInFailureDetail({ error: 'access_denied', description: aadsts })).toBe(
      'The sign-in was cancelled or refused. The identity provider said: ' +
        "AADSTS50105: Your administrator has configured the application Portal ('0b1c') to block users " +
        "unless they are specifically granted ('assigned') access to the application. Trace ID: 3e9d",
    );
    expect(signInFailureDetail({ error: 'access_denied', description: '  ' })).toBe(
      'The sign-in was cancelled or refused.',
    );
    expect(signInFailureDetail({ error: 'server_error', description: 'x'.repeat(2000) })).toMatch(
      /^The sign-in was refused or interrupted before it finished\. The identity provider said: x{600}…$/,
    );
  });
});
