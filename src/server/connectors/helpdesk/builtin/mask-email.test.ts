import { describe, expect, it } from 'vitest';
import { maskEmail } from './helpdesk.js';

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
