import type { AuthLevel, Role, SessionUser, UserType } from '../../../common/contracts/auth';

/**
 * The client session state of spec section 3, minus every token (the brief: only the non-secret profile is
 * persisted; the chat widget's JWT lives in memory, the session itself in an HttpOnly cookie).
 *
 * Plain type guards, no zod: this module is part of the initial bundle.
 */

type SignState = 'signedIn' | 'signedOut';

export interface SessionProfile {
  signState: SignState;
  userType: UserType | null;
  userName: string;
  userEmail: string;
  userId: string;
  /** Whether the user may open the edge image downloads (spec section 6). */
  allowDownload: boolean;
  role: Role | null;
  authLevel: AuthLevel | null;
  /** True once the server holds a signed-in session for this browser (the spec's JWT login flag). */
  jwtEnable: boolean;
  /** When the user was created (ISO 8601); the chat widget is told (spec section 2, /chatbot). */
  createdAt: string | null;
  /** The search page's sources and the filters chosen there (spec section 3); cleared at logout. */
  searchFilters: string[];
  selectedFilterKeys: string[];
  selectedFilterNames: string[];
  /** A protected link opened while signed out, opened again after sign-in (spec section 4). */
  redirectLink: string | null;
}

export const SIGNED_OUT_PROFILE: SessionProfile = Object.freeze({
  signState: 'signedOut',
  userType: null,
  userName: '',
  userEmail: '',
  userId: '',
  allowDownload: false,
  role: null,
  authLevel: null,
  jwtEnable: false,
  createdAt: null,
  searchFilters: [],
  selectedFilterKeys: [],
  selectedFilterNames: [],
  redirectLink: null,
});

const USER_TYPES: readonly UserType[] = ['customer', 'agent'];
const ROLES: readonly Role[] = ['customer', 'agent', 'admin'];
const AUTH_LEVELS: readonly AuthLevel[] = ['zendesk', 'azureAD'];

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | null =>
  options.find((option) => option === value) ?? null;
const text = (value: unknown, max = 400): string =>
  typeof value === 'string' && value.length <= max ? value : '';
const textList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').slice(0, 50) : [];

/**
 * Reads a stored profile, keeping only known fields of the right type. Anything else (another version, a
 * hand-edited value) falls back to the signed-out defaults field by field, so a bad value cannot crash the
 * app or sneak in a field; a profile that claims to be signed in without a user id is signed out.
 */
export function parseProfile(value: unknown): SessionProfile {
  if (!isRecord(value)) return SIGNED_OUT_PROFILE;
  const profile: SessionProfile = {
    signState: value.signState === 'signedIn' ? 'signedIn' : 'signedOut',
    userType: oneOf(USER_TYPES, value.userType),
    userName: text(value.userName),
    userEmail: text(value.userEmail),
    userId: text(value.userId, 200),
    allowDownload: value.allowDownload === true,
    role: oneOf(ROLES, value.role),
    authLevel: oneOf(AUTH_LEVELS, value.authLevel),
    jwtEnable: value.jwtEnable === true,
    createdAt: text(value.createdAt, 64) || null,
    searchFilters: textList(value.searchFilters),
    selectedFilterKeys: textList(value.selectedFilterKeys),
    selectedFilterNames: textList(value.selectedFilterNames),
    // Stored as given; it is checked (same-origin path only) when it is opened, not here.
    redirectLink: text(value.redirectLink, 2048) || null,
  };
  if (profile.signState === 'signedIn' && (!profile.userId || !profile.userType)) {
    return { ...SIGNED_OUT_PROFILE, redirectLink: profile.redirectLink };
  }
  return profile;
}

/** The user of an API answer (`userInfo.user`, `/me`'s `user`), checked by hand for the initial bundle. */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const userType = oneOf(USER_TYPES, value.userType);
  const role = oneOf(ROLES, value.role);
  const authLevel = oneOf(AUTH_LEVELS, value.authLevel);
  const { id, name, email, allowDownload, trackerAuthorized, createdAt } = value;
  if (!userType || !role || !authLevel) return null;
  if (typeof id !== 'string' || id === '' || typeof name !== 'string' || typeof email !== 'string')
    return null;
  return {
    id,
    name,
    email,
    role,
    userType,
    authLevel,
    allowDownload: allowDownload === true,
    trackerAuthorized: trackerAuthorized === true,
    createdAt: typeof createdAt === 'string' ? createdAt : '',
  };
}

/** The profile of a signed-in user; the filters and the stored link of the signed-out profile carry over. */
export function profileFor(user: SessionUser, previous: SessionProfile): SessionProfile {
  return {
    ...previous,
    signState: 'signedIn',
    userType: user.userType,
    userName: user.name,
    userEmail: user.email,
    userId: user.id,
    allowDownload: user.allowDownload,
    role: user.role,
    authLevel: user.authLevel,
    jwtEnable: true,
    createdAt: user.createdAt || null,
  };
}

export function sameProfile(a: SessionProfile, b: SessionProfile): boolean {
  return (Object.keys(SIGNED_OUT_PROFILE) as Array<keyof SessionProfile>).every((key) => {
    const left = a[key];
    const right = b[key];
    return Array.isArray(left) && Array.isArray(right)
      ? left.length === right.length && left.every((item, index) => item === right[index])
      : left === right;
  });
}
