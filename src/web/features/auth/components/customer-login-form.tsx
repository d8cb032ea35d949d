import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router';
import { loginOutcome } from '../../../../common/auth-messages';
import { AUTH_CODES } from '../../../../common/auth-codes';
import { paths } from '../../../lib/paths';
import { toSameOriginPath } from '../../../lib/safe-redirect';
import { ApiError } from '../../../lib/api-client';
import { useLogIn } from '../api/log-in';
import { isCorporateEmail } from '../../../../common/users';
import { AuthFormFooter } from './auth-form-footer';
import { ProvidedIdField, RequiredField } from './required-field';
import { FIELD_ERRORS, type LoginFormState, type StateSetter } from './auth-form-state';
import classes from './auth-modals.module.css';

interface CustomerLoginFormProps {
  state: LoginFormState;
  setState: StateSetter<LoginFormState>;
  corporateDomain: string;
  /** An email of the corporate domain: open the agent login with it (spec section 5). */
  onCorporateEmail: (email: string) => void;
  onSignUp: () => void;
  /** Leaving the modal through a link (the page on locating the ID). */
  onLeave: () => void;
  /** Reached from another view of the open dialog: take focus (on opening, the dialog's focus trap does). */
  focusOnMount: boolean;
}

/**
 * The customer login (spec sections 2, 4, 5, 8): email and Next; when the server asks for it the Controller ID
 * or Customer ID field and Login. Success hands over to the help-desk authorization (a server redirect), where
 * the one-time code is entered.
 */
export function CustomerLoginForm(props: CustomerLoginFormProps) {
  const { state, setState, corporateDomain, onCorporateEmail, onSignUp, onLeave, focusOnMount } = props;
  const emailRef = useRef<HTMLInputElement>(null);
  const idRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(false);
  const logIn = useLogIn();
  // Stays "submitting" after a success while the browser leaves for the help desk's authorization.
  const submitting = logIn.isPending || logIn.isSuccess;

  // The ID field as soon as the server asks for it; the first field when switched to from another view.
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first && !focusOnMount) return;
    (state.askId ? idRef : emailRef).current?.focus();
  }, [state.askId, focusOnMount]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const email = state.email.trim();
    const providedId = state.providedId.trim();
    if (!email) {
      setState((s) => ({ ...s, emailError: FIELD_ERRORS.email, message: null }));
      emailRef.current?.focus();
      return;
    }
    if (isCorporateEmail(email, corporateDomain)) {
      onCorporateEmail(email);
      return;
    }
    if (state.askId && !providedId) {
      setState((s) => ({ ...s, emailError: null, idError: FIELD_ERRORS.providedId, message: null }));
      idRef.current?.focus();
      return;
    }

    setState((s) => ({ ...s, emailError: null, idError: null, message: null }));
    let redirect: string;
    try {
      ({ redirect } = await logIn.mutateAsync({ email, providedId: state.askId ? providedId : undefined }));
    } catch (error) {
      const { status, code } = error instanceof ApiError ? error : new ApiError(0, undefined);
      if (code === AUTH_CODES.useAgentLogin) {
        // The server knows the address as corporate (the same rule as above): the agent login it is.
        onCorporateEmail(email);
        return;
      }
      const outcome = loginOutcome(status, code);
      // On 'ask-id' the effect above moves focus to the field once it is on screen.
      setState((s) => (outcome.kind === 'ask-id' ? { ...s, askId: true } : { ...s, message: outcome.text }));
      return;
    }
    window.location.assign(toSameOriginPath(redirect, window.location.origin) ?? '/');
  }

  return (
    <div className={classes.split}>
      <form className={classes.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <RequiredField
          ref={emailRef}
          autoFocus={!state.askId}
          label="Email"
          type="email"
          autoComplete="email"
          value={state.email}
          error={state.emailError}
          onValue={(email) => setState((s) => ({ ...s, email, emailError: null }))}
        />
        {state.askId ? (
          <ProvidedIdField
            ref={idRef}
            autoFocus
            description="We need it once to link your account to your licence."
            value={state.providedId}
            error={state.idError}
            onValue={(providedId) => setState((s) => ({ ...s, providedId, idError: null }))}
          />
        ) : null}
        <AuthFormFooter
          message={state.message}
          submitting={submitting}
          submitLabel={state.askId ? 'Login' : 'Next'}
          switchTo={{ question: 'New here?', label: 'Sign Up', onClick: onSignUp }}
        />
      </form>

      <div className={classes.sidePanel}>
        <h3 className={classes.sideTitle}>One-time authorization</h3>
        <p>
          There is no password to remember. After you enter your email, we send a six-digit code to that
          address; type it on the next page to finish signing in. The code works once and only for a few
          minutes.
        </p>
        <p>
          Existing users are asked once for their Controller ID or Customer ID.{' '}
          <Link to={paths.locatingId.getHref()} onClick={onLeave}>
            Where do I find my Controller ID or Customer ID?
          </Link>
        </p>
      </div>
    </div>
  );
}
