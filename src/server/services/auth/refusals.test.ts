import { describe, expect, it } from 'vitest';
import { AUTH_CODE_STATUS, AUTH_CODES } from '../../../common/contracts/auth.js';
import { serviceErrorStatus } from '../../plugins/error-handler.js';
import { authRefusal } from './refusals.js';
import { maskEmail } from '../../connectors/helpdesk/builtin/helpdesk.js';

describe('auth refusals', () => {
  it.each(Object.values(AUTH_CODES))('%s answers the status the contract names', (code) => {
    const error = authRefusal(code, 'detail');
    expect(serviceErrorStatus[error.code]).toBe(AUTH_CODE_STATUS[code]);
    expect(error.reason).toBe(code);
  });
});

describe('maskEmail', () => {
  it.each([
    ['casey@example.com', 'c***y@example.com'],
    ['ab@example.com', 'a***@example.com'],
    ['a@example.com', 'a***@example.com'],
    ['nonsense', '***'],
  ])('%s -> %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
