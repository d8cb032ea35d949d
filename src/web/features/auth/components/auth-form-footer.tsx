import { Alert, Button } from '@mantine/core';
import classes from './auth-modals.module.css';

/**
 * The end of the login and signup forms: why the last submit failed, the submit button, and the link to the
 * other form.
 */
export function AuthFormFooter(props: {
  message: string | null;
  submitting: boolean;
  submitLabel: string;
  /** "New here?" / "Already signed up?" */
  switchQuestion: string;
  switchLabel: string;
  onSwitch: () => void;
}) {
  return (
    <>
      {props.message ? (
        <Alert color="red" variant="light" role="alert">
          {props.message}
        </Alert>
      ) : null}
      <Button type="submit" loading={props.submitting} fullWidth>
        {props.submitLabel}
      </Button>
      <p className={classes.switchLine}>
        {props.switchQuestion}{' '}
        <button type="button" className={classes.linkButton} onClick={props.onSwitch}>
          {props.switchLabel}
        </button>
      </p>
    </>
  );
}
