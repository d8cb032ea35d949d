/**
 * The state of the three sign-in forms. It lives in the modal host (mounted from the first opening on), so
 * switching between the customer, agent and signup views, a failed submit or closing and reopening the
 * modal never loses what was typed; only a successful signup resets its form (spec section 2).
 */

export interface LoginFormState {
  email: string;
  providedId: string;
  /** The server asked for the Controller ID or Customer ID (400 / CONTROLLER_ID_REQUIRED). */
  askId: boolean;
  emailError: string | null;
  idError: string | null;
  message: string | null;
}

export interface SignupFormState {
  name: string;
  email: string;
  providedId: string;
  /** The ID field is on screen: from the start once IDs are required, else after Next. */
  idShown: boolean;
  nameError: string | null;
  emailError: string | null;
  idError: string | null;
  message: string | null;
}

export interface AgentFormState {
  user: string;
  pass: string;
  userError: string | null;
  passError: string | null;
  /** A refused sign-in marks both fields invalid (spec section 5). */
  refused: boolean;
  message: string | null;
}

export const EMPTY_LOGIN: LoginFormState = {
  email: '',
  providedId: '',
  askId: false,
  emailError: null,
  idError: null,
  message: null,
};

export function emptySignup(idRequired: boolean): SignupFormState {
  return {
    name: '',
    email: '',
    providedId: '',
    idShown: idRequired,
    nameError: null,
    emailError: null,
    idError: null,
    message: null,
  };
}

export const EMPTY_AGENT: AgentFormState = {
  user: '',
  pass: '',
  userError: null,
  passError: null,
  refused: false,
  message: null,
};

/** The texts of the field checks of spec section 5 (the server's answers use auth-messages.ts). */
export const FIELD_ERRORS = {
  email: 'Enter your email address.',
  name: 'Enter your name.',
  providedId: 'Enter your Controller ID or Customer ID.',
  user: 'Enter your user name.',
  pass: 'Enter your password.',
} as const;

export type StateSetter<T> = (update: (previous: T) => T) => void;

/** Whether the signup date of spec section 9 (config `banner.idRequiredFrom`) has come: the ID is then required. */
export function isIdRequired(idRequiredFrom: string, now: Date = new Date()): boolean {
  const from = Date.parse(`${idRequiredFrom}T00:00:00Z`);
  return Number.isNaN(from) || now.getTime() >= from;
}
