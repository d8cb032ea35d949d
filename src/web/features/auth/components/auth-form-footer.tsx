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
  /** The line under the button: "New here?" Sign Up / "Already signed up?" Login. */
  switchTo: { question: string; label: string; onClick: () => void };
}) {
  const { switchTo } = props;
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
        {switchTo.question}{' '}
        <button type="button" className={classes.linkButton} onClick={switchTo.onClick}>
          {switchTo.label}
        </button>
      </p>
    </>
  );
}
