import { AUTH_CODES, PROVIDED_ID_PATTERN } from '../../../common/contracts/auth.js';
import type { AuthOptions } from './auth-options.js';
import { createFlow } from './flows.js';
import { checkProvidedId, normalizeProvidedId } from './provided-id.js';
import { authRefusal } from './refusals.js';
import { isCorporateEmail, normalizeEmail } from '../../../common/users.js';
import { findUserByEmail, isStaff } from './users.js';

export interface LoginCustomerInput {
  email: string;
  /** Blank means not given. */
  providedId?: string | undefined;
  /** The browser's current flow cookie, replaced by the new flow. */
  replacesFlowToken?: string | undefined;
}

export interface LoginCustomerResult {
  /** Token of the new customer auth flow, for the flow cookie. */
  flowToken: string;
  userId: string;
}

/**
 * First step of customer sign-in (spec sections 4 and 5): decides whether the email may go on to the help
 * desk's authorization, asking once for the Controller ID or Customer ID of users who have none on file.
 */
export async function loginCustomer(
  { db, corporateEmailDomain }: AuthOptions,
  input: LoginCustomerInput,
): Promise<LoginCustomerResult> {
  const email = normalizeEmail(input.email);
  const given = input.providedId?.trim() ? input.providedId : undefined;
  if (isCorporateEmail(email, corporateEmailDomain)) {
    throw authRefusal(AUTH_CODES.useAgentLogin, 'Corporate addresses sign in through the agent login.');
  }
  const user = await findUserByEmail(db, email);
  if (!user) throw authRefusal(AUTH_CODES.userNotExists, 'No user has this email.');
  if (isStaff(user) || user.userType !== 'customer') {
    throw authRefusal(AUTH_CODES.useAgentLogin, 'This account signs in through the agent login.');
  }

  let claimedId: string | null = null;
  if (user.providedId === null) {
    if (given === undefined) {
      throw authRefusal(AUTH_CODES.controllerIdRequired, 'A Controller ID or Customer ID is needed once.');
    }
    // Kept in the flow, not on file: anybody can type this address, only its owner can finish the sign-in
    // (completeHelpdeskSignIn writes it then; from that moment login needs only the email).
    claimedId = await checkProvidedId({ db, email, providedId: given });
  } else if (given !== undefined) {
    const normalized = normalizeProvidedId(given);
    if (normalized !== user.providedId) {
      // A malformed ID is told apart from a different one (spec section 8 has a message for each).
      if (!PROVIDED_ID_PATTERN.test(normalized)) {
        throw authRefusal(AUTH_CODES.invalidControllerId, 'The Controller ID or Customer ID is malformed.');
      }
      throw authRefusal(AUTH_CODES.invalidEmailId, 'The ID differs from the one on file for this email.');
    }
  }

  const { token } = await createFlow({
    db,
    kind: 'customer',
    email,
    userId: user.id,
    providedId: claimedId,
    replacesToken: input.replacesFlowToken,
  });
  return { flowToken: token, userId: user.id };
}
