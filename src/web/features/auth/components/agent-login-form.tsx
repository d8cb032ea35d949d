import { Alert, Button } from '@mantine/core';
import { useEffect, useRef, type FormEvent } from 'react';
import { LOGIN_MESSAGES, RATE_LIMIT_MESSAGE } from '../../../../common/auth-messages';
import { AUTH_CODES } from '../../../../common/auth-codes';
import type { AuthenticateOk } from '../../../../common/contracts/auth';
import { ApiError } from '../../../lib/api-client';
import { useAuthenticateAgent } from '../api/authenticate-agent';
import { useAuthProviders } from '../api/get-auth-providers';
import { FIELD_ERRORS, type AgentFormState, type StateSetter } from './auth-form-state';
import { RequiredField } from './required-field';
import classes from './auth-modals.module.css';

interface AgentLoginFormProps {
  state: AgentFormState;
  setState: StateSetter<AgentFormState>;
  productName: string;
  /** Opens the identity provider's popup; false when the browser blocked it. */
  onStartSso: () => boolean;
  /** The popup is open and this page waits for its answer. */
  ssoWaiting: boolean;
  onSignedIn: (answer: AuthenticateOk) => void;
  /** Reached from another view of the open dialog: take focus (on opening, the dialog's focus trap does). */
  focusOnMount: boolean;
}

/**
 * The agent login (spec sections 2 and 5): the corporate identity provider's popup when one is configured, the
 * internal-use note, and the credential form (user, password).
 */
export function AgentLoginForm(props: AgentLoginFormProps) {
  const { state, setState, productName, onStartSso, ssoWaiting, onSignedIn, focusOnMount } = props;
  const providers = useAuthProviders();
  const authenticate = useAuthenticateAgent();
  const userRef = useRef<HTMLInputElement>(null);
  const passRef = useRef<HTMLInputElement>(null);

  // Switched to from the customer login with a corporate address: that address is filled in, so the password.
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) (userRef.current?.value ? passRef : userRef).current?.focus();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (authenticate.isPending) return;
    const user = state.user.trim();
    const errors = {
      userError: user ? null : FIELD_ERRORS.user,
      passError: state.pass ? null : FIELD_ERRORS.pass,
    };
    if (errors.userError || errors.passError) {
      setState((s) => ({ ...s, ...errors, refused: false, message: null }));
      (errors.userError ? userRef : passRef).current?.focus();
      return;
    }

    setState((s) => ({ ...s, ...errors, refused: false, message: null }));
    let answer: AuthenticateOk;
    try {
      answer = await authenticate.mutateAsync({
        user,
        pass: state.pass,
        username: user,
        loginType: 'credentials',
      });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 429 || error.code === AUTH_CODES.rateLimited)) {
        setState((s) => ({ ...s, message: RATE_LIMIT_MESSAGE }));
        return;
      }
      // Spec section 5: a failed sign-in marks both fields invalid, without saying which one was wrong.
      setState((s) => ({ ...s, refused: true, message: LOGIN_MESSAGES.otherFailure }));
      userRef.current?.focus();
      return;
    }
    onSignedIn(answer);
  }

  return (
    <div className={classes.form}>
      <p className={classes.note}>This portal is for internal use only.</p>
      {providers.data?.oidc ? (
        <>
          <Button
            type="button"
            variant="filled"
            fullWidth
            onClick={() => {
              if (!onStartSso()) {
                setState((s) => ({
                  ...s,
                  message: 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
                }));
              }
            }}
          >
            {`Sign in with ${productName} SSO`}
          </Button>
          {/* Not a spinner on the button: a closed popup cannot be noticed (it visits another origin), and a
              second click must be able to bring it back. */}
          {ssoWaiting ? (
            <p role="status" className={classes.divider}>
              Finish signing in in the window that opened.
            </p>
          ) : null}
          <p className={classes.divider}>or with your user and password</p>
        </>
      ) : null}
      <form className={classes.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <RequiredField
          ref={userRef}
          autoFocus
          label="User"
          type="email"
          autoComplete="username"
          value={state.user}
          error={state.userError ?? state.refused}
          onValue={(user) => setState((s) => ({ ...s, user, userError: null }))}
        />
        <RequiredField
          ref={passRef}
          label="Password"
          type="password"
          autoComplete="current-password"
          value={state.pass}
          error={state.passError ?? state.refused}
          onValue={(pass) => setState((s) => ({ ...s, pass, passError: null }))}
        />
        {state.message ? (
          <Alert color="red" variant="light" role="alert">
            {state.message}
          </Alert>
        ) : null}
        <Button
          type="submit"
          variant={providers.data?.oidc ? 'outline' : 'filled'}
          loading={authenticate.isPending}
          fullWidth
        >
          Sign in
        </Button>
      </form>
    </div>
  );
}
