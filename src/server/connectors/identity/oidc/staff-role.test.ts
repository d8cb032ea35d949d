import { describe, expect, it } from 'vitest';
import { adminRuleOf, decideStaffRole } from './staff-role.js';

const ADMIN_GROUP = '5f1b9a3c-0000-4000-8000-0000000000aa';

describe('decideStaffRole', () => {
  it('keeps the role on file when no rule is set', () => {
    expect(decideStaffRole({ roles: ['Portal.Admin'], groups: [ADMIN_GROUP] }, null)).toEqual({
      role: null,
      groupsOverage: false,
    });
  });

  it('makes an admin of the app role in `roles`, and an agent of anyone without it', () => {
    const rule = adminRuleOf({ adminRole: 'Portal.Admin' });
    expect(decideStaffRole({ roles: ['Portal.Admin'], groups: [] }, rule).role).toBe('admin');
    expect(decideStaffRole({ roles: ['Portal.Agent'], groups: [] }, rule).role).toBe('agent');
    // Role values compare exactly: Entra sends the value as the app registration declares it.
    expect(decideStaffRole({ roles: ['portal.admin'], groups: [] }, rule).role).toBe('agent');
    // An overage says nothing about app roles.
    expect(decideStaffRole({ roles: ['Portal.Admin'], groups: 'overage' }, rule)).toEqual({
      role: 'admin',
      groupsOverage: false,
    });
  });

  it('makes an admin of the group object id in `groups`; an overage never does, and is flagged', () => {
    const rule = adminRuleOf({ adminGroup: ADMIN_GROUP.toUpperCase() });
    expect(decideStaffRole({ roles: [], groups: ['other', ADMIN_GROUP] }, rule).role).toBe('admin');
    expect(decideStaffRole({ roles: [], groups: ['other'] }, rule).role).toBe('agent');
    expect(decideStaffRole({ roles: ['Portal.Admin'], groups: 'overage' }, rule)).toEqual({
      role: 'agent',
      groupsOverage: true,
    });
  });
});
