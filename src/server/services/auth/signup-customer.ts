import { AUTH_CODES } from '../../../common/contracts/auth.js';
import { users } from '../../db/schema/index.js';
import { isServiceError } from '../../lib/errors.js';
import type { AuthOptions } from './auth-options.js';
import { checkProvidedId } from './provided-id.js';
import { authRefusal } from './refusals.js';
import { isCorporateEmail, normalizeEmail } from '../../../common/users.js';
import { findUserByEmail, portalUserColumns, type PortalUser } from './users.js';

export interface SignupCustomerInput {
  email: string;
  name: string;
  /** Required since Oct 15, 2025 (spec section 1); blank means not given. */
  providedId?: string | undefined;
}

/**
 * Creates a customer of the portal (spec sections 4, 5 and 8). The help desk's record follows in a second
 * call (`createHelpdeskUser`), as the spec's signup does.
 */
export async function signupCustomer(
  { db, corporateEmailDomain }: AuthOptions,
  input: SignupCustomerInput,
): Promise<PortalUser> {
  const email = normalizeEmail(input.email);
  if (isCorporateEmail(email, corporateEmailDomain)) {
    throw authRefusal(AUTH_CODES.useAgentLogin, 'Corporate addresses cannot sign up as customers.');
  }
  if (await findUserByEmail(db, email)) {
    throw authRefusal(AUTH_CODES.emailExists, 'A user with this email exists.');
  }
  const given = input.providedId?.trim();
  if (!given)
    throw authRefusal(AUTH_CODES.controllerIdRequired, 'Signup needs a Controller ID or Customer ID.');
  const providedId = await checkProvidedId({ db, email, providedId: given });
  const [user] = await db
    .insert(users)
    .values({
      email,
      name: input.name.trim(),
      providedId,
      userType: 'customer',
      role: 'customer',
      allowDownload: true,
    })
    // Two signups racing for one address: the loser gets EMAIL_EXISTS, not a 500.
    .onConflictDoNothing({ target: users.email })
    .returning(portalUserColumns);
  if (!user) throw authRefusal(AUTH_CODES.emailExists, 'A user with this email exists.');
  return user;
}

/**
 * `POST /api/zendesk/createUser`: the help desk's record of a portal customer who just signed up. Only for
 * portal users (so the call cannot fill the help desk with strangers); EMAIL_EXISTS when the help desk has
 * the address already.
 */
export async function createHelpdeskUser({ db, helpdesk }: AuthOptions, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.userType !== 'customer') {
    throw authRefusal(AUTH_CODES.userNotExists, 'Only a signed-up customer gets a help-desk user.');
  }
  if (await helpdesk.findUser(user.email)) {
    throw authRefusal(AUTH_CODES.emailExists, 'The help desk has a user with this email.');
  }
  try {
    await helpdesk.createUser({
      email: user.email,
      name: user.name,
      role: 'customer',
      providedId: user.providedId,
    });
  } catch (error) {
    if (isServiceError(error) && error.code === 'CONFLICT') {
      throw authRefusal(AUTH_CODES.emailExists, 'The help desk has a user with this email.');
    }
    throw error;
  }
}
