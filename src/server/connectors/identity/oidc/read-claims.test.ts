import { describe, expect, it } from 'vitest';
import { readClaims, type IdTokenClaims } from './read-claims.js';

const base: IdTokenClaims = {
  iss: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
  sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
  preferred_username: 'Alex.Agent@Example.com',
  name: 'Alex Agent',
};

describe('readClaims', () => {
  it('reads an Entra ID token with app roles, groups and its tenant', () => {
    const claims = readClaims(
      {
        ...base,
        tid: '9188040d-6c67-4c5b-b112-36a304b66dad',
        roles: ['Portal.Admin', 'Portal.Agent'],
        groups: ['0f1e2d3c-0000-4000-8000-000000000001'],
      },
      { emailsVerified: false },
    );
    expect(claims).toEqual({
      issuer: base.iss,
      subject: base.sub,
      email: 'alex.agent@example.com',
      emailVerified: false,
      name: 'Alex Agent',
      roles: ['Portal.Admin', 'Portal.Agent'],
      groups: ['0f1e2d3c-0000-4000-8000-000000000001'],
      tenantId: '9188040d-6c67-4c5b-b112-36a304b66dad',
    });
  });

  it('says overage when the groups were left out for a directory call, even beside a groups claim', () => {
    const claims = readClaims(
      {
        ...base,
        groups: ['ignored'],
        _claim_names: { groups: 'src1' },
        _claim_sources: { src1: { endpoint: 'https://graph.microsoft.com/v1.0/users/x/getMemberObjects' } },
      },
      { emailsVerified: false },
    );
    expect(claims.groups).toBe('overage');
  });

  it('answers no roles, no groups and no tenant for a provider that sends none, and drops non-strings', () => {
    const claims = readClaims(
      { ...base, roles: 'Portal.Admin', groups: [42, 'g1'] },
      { emailsVerified: true },
    );
    expect(claims).toMatchObject({ roles: [], groups: ['g1'], tenantId: null, emailVerified: true });
  });

  it('keeps an explicit email_verified false against the setting, and needs an address', () => {
    const unverified = readClaims(
      { ...base, email: 'alex.agent@example.com', email_verified: false },
      { emailsVerified: true },
    );
    expect(unverified.emailVerified).toBe(false);
    expect(() =>
      readClaims({ iss: base.iss, sub: base.sub, name: 'No Mail' }, { emailsVerified: true }),
    ).toThrow('no email address');
  });

  it("takes Entra's xms_edov as email_verified when that is absent, for the email claim only", () => {
    const email = 'alex.agent@example.com';
    expect(readClaims({ ...base, email, xms_edov: true }, { emailsVerified: false }).emailVerified).toBe(
      true,
    );
    expect(readClaims({ ...base, email, xms_edov: false }, { emailsVerified: true }).emailVerified).toBe(
      false,
    );
    // Only the JSON boolean counts.
    expect(readClaims({ ...base, email, xms_edov: 'true' }, { emailsVerified: false }).emailVerified).toBe(
      false,
    );
    // An explicit email_verified wins.
    expect(
      readClaims({ ...base, email, email_verified: false, xms_edov: true }, { emailsVerified: false })
        .emailVerified,
    ).toBe(false);
    // It vouches for `email`, not for a `preferred_username` the address was taken from.
    expect(readClaims({ ...base, xms_edov: true }, { emailsVerified: false }).emailVerified).toBe(false);
  });
});
