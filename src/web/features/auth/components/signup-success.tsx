import { Button } from '@mantine/core';
import { useEffect, useRef } from 'react';
import classes from './auth-modals.module.css';

interface SignupSuccessProps {
  email: string;
  onLogin: () => void;
  /** Reached from the signup view of the open dialog: the Login button takes focus. */
  focusOnMount: boolean;
}

/** The Sign Up Successful view (spec section 2): the account is ready, log in with it. */
export function SignupSuccess({ email, onLogin, focusOnMount }: SignupSuccessProps) {
  const loginRef = useRef<HTMLButtonElement>(null);
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) loginRef.current?.focus();
  }, []);
  return (
    <div className={classes.form}>
      <p>
        Your account for <strong>{email}</strong> is ready. Log in with this email to continue; we will send
        you a one-time code.
      </p>
      <Button ref={loginRef} type="button" fullWidth data-autofocus onClick={onLogin}>
        Login
      </Button>
    </div>
  );
}
