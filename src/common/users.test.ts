import { describe, expect, it } from 'vitest';
import { isCorporateEmail } from './users';

describe('isCorporateEmail', () => {
  it.each(['agent@acme.example', 'Agent@ACME.example', 'ops@eu.acme.example', ' agent@acme.example '])(
    '%s is corporate',
    (email) => {
      expect(isCorporateEmail(email, 'acme.example')).toBe(true);
    },
  );

  it.each([
    'customer@example.com',
    'someone@acme.example.com',
    'acme.example@gmail.com',
    'x@notacme.example',
    '',
  ])('%s is not corporate', (email) => {
    expect(isCorporateEmail(email, 'acme.example')).toBe(false);
  });
});
