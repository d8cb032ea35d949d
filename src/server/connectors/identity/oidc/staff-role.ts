import type { AdminRule, IdentityClaims, StaffRole } from '../types.js';

export interface StaffRoleDecision {
  role: StaffRole | null;
  /**
   * The rule is by group and the token left the groups out (the overage): the answer is 'agent' whatever the
   * directory says, and the configuration deserves a warning.
   */
  groupsOverage: boolean;
}

/**
 * The role a sign-in gets under the admin rule. An app role is listed in `roles` when it is assigned to the
 * user or to a group the user is a direct member of, and app roles never overflow the token the way groups do
 * (https://learn.microsoft.com/entra/identity-platform/howto-add-app-roles-in-apps). A group rule reads
 * `groups`, which Entra ID drops past 200 groups in a JWT (the overage,
 * https://learn.microsoft.com/entra/identity-platform/access-tokens): the portal does not call Microsoft Graph
 * for the full list, so an overage never grants admin.
 */
export function decideStaffRole(
  claims: Pick<IdentityClaims, 'roles' | 'groups'>,
  rule: AdminRule,
): StaffRoleDecision {
  if (!rule) return { role: null, groupsOverage: false };
  if (rule.kind === 'role') {
    return { role: claims.roles.includes(rule.value) ? 'admin' : 'agent', groupsOverage: false };
  }
  if (claims.groups === 'overage') return { role: 'agent', groupsOverage: true };
  // Group object ids are GUIDs; Entra writes them lower-case, an administrator may paste them upper-case.
  const wanted = rule.value.toLowerCase();
  return {
    role: claims.groups.some((group) => group.toLowerCase() === wanted) ? 'admin' : 'agent',
    groupsOverage: false,
  };
}

/** The rule of the settings: OIDC_ADMIN_ROLE, else OIDC_ADMIN_GROUP, else none. */
export function adminRuleOf(settings: {
  adminRole?: string | undefined;
  adminGroup?: string | undefined;
}): AdminRule {
  if (settings.adminRole) return { kind: 'role', value: settings.adminRole };
  if (settings.adminGroup) return { kind: 'group', value: settings.adminGroup };
  return null;
}
