import { describe, expect, it } from 'vitest';
import { loginHref, loginModalOf, withoutLoginParam } from './login-link';

describe('login links', () => {
  it('adds login to the page address, keeping its own parameters', () => {
    expect(loginHref({ pathname: '/', search: '' }, 'customer')).toBe('/?login=customer');
    expect(loginHref({ pathname: '/docs', search: '?article=grant-remote-support-access' }, 'agent')).toBe(
      '/docs?article=grant-remote-support-access&login=agent',
    );
    expect(loginHref({ pathname: '/sla', search: '?login=agent' }, 'signup')).toBe('/sla?login=signup');
  });

  it('reads the modal of an address, and nothing else', () => {
    expect(loginModalOf('?login=customer')).toBe('customer');
    expect(loginModalOf('?q=gateway&login=signup')).toBe('signup');
    for (const search of ['', '?login=', '?login=signupSuccess', '?login=admin', '?q=login'])
      expect(loginModalOf(search)).toBeNull();
  });

  it('drops the parameter and keeps the others in their order', () => {
    expect(withoutLoginParam('?login=customer')).toBe('');
    expect(withoutLoginParam('?q=a+b&login=agent&page=2')).toBe('?q=a+b&page=2');
    expect(withoutLoginParam('?q=gateway')).toBe('?q=gateway');
    expect(withoutLoginParam('')).toBe('');
  });
});
