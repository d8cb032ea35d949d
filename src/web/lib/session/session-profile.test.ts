import { describe, expect, it } from 'vitest';
import {
  parseProfile,
  parseSessionUser,
  profileFor,
  sameProfile,
  SIGNED_OUT_PROFILE,
} from './session-profile';
import { CUSTOMER_USER } from './session-user.fixture';

const user = CUSTOMER_USER;

describe('parseProfile', () => {
  it('reads back what profileFor produced', () => {
    const profile = profileFor(user, SIGNED_OUT_PROFILE);
    expect(parseProfile(JSON.parse(JSON.stringify(profile)))).toEqual(profile);
  });

  it('falls back to signed out for anything that is not an object', () => {
    for (const value of [null, 'signedIn', 42, [], undefined]) {
      expect(parseProfile(value)).toEqual(SIGNED_OUT_PROFILE);
    }
  });

  it('drops unknown fields and fields of the wrong type, keeping the rest', () => {
    const parsed = parseProfile({
      ...profileFor(user, SIGNED_OUT_PROFILE),
      role: 'superuser',
      allowDownload: 'yes',
      intercomJWT: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJl',
      searchFilters: ['kb', 7, 'docs'],
    });
    expect(parsed.role).toBeNull();
    expect(parsed.allowDownload).toBe(false);
    expect(parsed.searchFilters).toEqual(['kb', 'docs']);
    expect(parsed).not.toHaveProperty('intercomJWT');
    expect(parsed.userId).toBe('u-1');
  });

  it('signs out a profile that claims to be signed in without a user id, keeping its stored link', () => {
    const parsed = parseProfile({ signState: 'signedIn', userType: 'customer', redirectLink: '/chatbot' });
    expect(parsed).toEqual({ ...SIGNED_OUT_PROFILE, redirectLink: '/chatbot' });
  });
});

describe('profileFor', () => {
  it('fills the profile of spec section 3 from the user, keeping filters and the stored link', () => {
    const before = { ...SIGNED_OUT_PROFILE, redirectLink: '/chatbot', searchFilters: ['kb'] };
    expect(profileFor(user, before)).toEqual({
      ...before,
      signState: 'signedIn',
      userType: 'customer',
      userName: 'Casey Customer',
      userEmail: 'customer@example.com',
      userId: 'u-1',
      allowDownload: true,
      role: 'customer',
      authLevel: 'zendesk',
      jwtEnable: true,
      createdAt: '2025-01-02T03:04:05.000Z',
    });
  });
});

describe('parseSessionUser', () => {
  it('accepts the API user and refuses one without id, role or type', () => {
    expect(parseSessionUser(user)).toEqual(user);
    expect(parseSessionUser({ ...user, id: '' })).toBeNull();
    expect(parseSessionUser({ ...user, role: 'root' })).toBeNull();
    expect(parseSessionUser({ ...user, userType: undefined })).toBeNull();
    expect(parseSessionUser('user')).toBeNull();
  });
});

describe('sameProfile', () => {
  it('compares field by field, lists by value', () => {
    const a = profileFor(user, SIGNED_OUT_PROFILE);
    expect(sameProfile(a, { ...a, searchFilters: [] })).toBe(true);
    expect(sameProfile(a, { ...a, searchFilters: ['kb'] })).toBe(false);
    expect(sameProfile(a, { ...a, redirectLink: '/users' })).toBe(false);
  });
});
