import { useEffect, useRef, type FormEvent } from 'react';
import { SIGNUP_MESSAGES, signupMessage } from '../../../../common/auth-messages';
import { AUTH_CODES } from '../../../../common/auth-codes';
import { ApiError } from '../../../lib/api-client';
import { useCreateHelpdeskUser } from '../api/create-helpdesk-user';
import { useSignUp } from '../api/sign-up';
import { AuthFormFooter } from './auth-form-footer';
import { ProvidedIdField, RequiredField } from './required-field';
import { FIELD_ERRORS, type SignupFormState, type StateSetter } from './auth-form-state';
import classes from './auth-modals.module.css';

interface SignupFormProps {
  state: SignupFormState;
  setState: StateSetter<SignupFormState>;
  onSignedUp: () => void;
  onLogin: () => void;
  /** The server refused a corporate address (USE_AGENT_LOGIN): agents sign in with the agent login. */
  onCorporateEmail: (email: string) => void;
  /** Reached from another view of the open dialog: take focus (on opening, the dialog's focus trap does). */
  focusOnMount: boolean;
}

/**
 * Signup (spec sections 2, 4, 5, 8): name, email and the Controller ID or Customer ID. Before the date of
 * `banner.idRequiredFrom` the ID field appears after Next; from that date it is on screen from the start. Once
 * shown it is required. The signup call, then the help-desk user, then the success view.
 */
export function SignupForm(props: SignupFormProps) {
  const { state, setState, onSignedUp, onLogin, onCorporateEmail, focusOnMount } = props;
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const idRef = useRef<HTMLInputElement>(null);
  const idShownOnOpen = useRef(state.idShown);
  const signUp = useSignUp();
  const createHelpdeskUser = useCreateHelpdeskUser();
  const submitting = signUp.isPending || createHelpdeskUser.isPending;

  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) nameRef.current?.focus();
  }, []);

  // After Next, straight to the field that just appeared.
  useEffect(() => {
    if (state.idShown && !idShownOnOpen.current) idRef.current?.focus();
  }, [state.idShown]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const name = state.name.trim();
    const email = state.email.trim();
    const providedId = state.providedId.trim();
    const errors = {
      nameError: name ? null : FIELD_ERRORS.name,
      emailError: email ? null : FIELD_ERRORS.email,
      idError: state.idShown && !providedId ? FIELD_ERRORS.providedId : null,
    };
    if (errors.nameError || errors.emailError || errors.idError) {
      setState((s) => ({ ...s, ...errors, message: null }));
      (errors.nameError ? nameRef : errors.emailError ? emailRef : idRef).current?.focus();
      return;
    }
    if (!state.idShown) {
      setState((s) => ({ ...s, idShown: true, message: null }));
      return;
    }

    setState((s) => ({ ...s, ...errors, message: null }));
    const request = { email, name, providedId: providedId || undefined, verified: true as const };
    try {
      await signUp.mutateAsync(request);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === AUTH_CODES.useAgentLogin) {
        onCorporateEmail(email);
        return;
      }
      const message = signupMessage(error.status === 0 ? undefined : error.status, error.code);
      setState((s) => ({ ...s, message }));
      return;
    }
    try {
      await createHelpdeskUser.mutateAsync(request);
    } catch {
      // Spec section 8: a failing help-desk user creation reads as "already exists".
      setState((s) => ({ ...s, message: SIGNUP_MESSAGES.emailExists }));
      return;
    }
    onSignedUp();
  }

  const field = (key: 'name' | 'email' | 'providedId', value: string) =>
    setState((s) => ({
      ...s,
      [key]: value,
      ...(key === 'name' ? { nameError: null } : key === 'email' ? { emailError: null } : { idError: null }),
    }));

  return (
    <form className={classes.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <RequiredField
        ref={nameRef}
        autoFocus
        label="Name"
        autoComplete="name"
        value={state.name}
        error={state.nameError}
        onValue={(value) => field('name', value)}
      />
      <RequiredField
        ref={emailRef}
        label="Email"
        type="email"
        autoComplete="email"
        value={state.email}
        error={state.emailError}
        onValue={(value) => field('email', value)}
      />
      {state.idShown ? (
        <ProvidedIdField
          ref={idRef}
          description="For example CUST-0001, or the controller ID shown in your controller's licence page."
          value={state.providedId}
          error={state.idError}
          onValue={(value) => field('providedId', value)}
        />
      ) : null}
      <AuthFormFooter
        message={state.message}
        submitting={submitting}
        submitLabel={state.idShown ? 'Signup' : 'Next'}
        switchTo={{ question: 'Already signed up?', label: 'Login', onClick: onLogin }}
      />
    </form>
  );
}
