import { describe, expect, it } from 'vitest';
import { AUTH_CODE_STATUS, AUTH_CODES } from '../../../common/contracts/auth.js';
import { serviceErrorStatus } from '../../plugins/error-handler.js';
import { authRefusal } from './refusals.js';

describe('auth refusals', () => {
  it.each(Object.values(AUTH_CODES))('%s answers the status the contract names', (code) => {
    const error = authRefusal(code, 'detail');
    expect(serviceErrorStatus[error.code]).toBe(AUTH_CODE_STATUS[code]);
    expect(error.reason).toBe(code);
  });
});
