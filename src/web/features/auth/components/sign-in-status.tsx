import { Button } from '@mantine/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../lib/paths';
import { openLoginModal, type LoginModal } from '../../../lib/session/session-store';
import classes from './sign-in-status.module.css';

const SIGN_IN_ERROR_TITLE = 'Sign-in could not be completed';

interface SignInErrorProps {
  /** What went wrong, in a sentence. */
  detail: string;
  onStartAgain: () => void;
}

/**
 * The error page of the sign-in callbacks (an `error` parameter, a refused code): what happened and a way to
 * start again (spec section 4: "an error parameter on the callbacks triggers a handler").
 */
export function SignInError({ detail, onStartAgain }: SignInErrorProps) {
  return (
    <Page title={SIGN_IN_ERROR_TITLE}>
      <p role="alert">{detail}</p>
      <Button type="button" onClick={onStartAgain} className={classes.action}>
        Start again
      </Button>
    </Page>
  );
}

/** What a callback page shows while its call runs (also the server-rendered HTML). */
export function SignInProgress({ title, text }: { title: string; text: string }) {
  return (
    <Page title={title}>
      <p role="status" className={classes.status}>
        {text}
      </p>
    </Page>
  );
}

/** "Start again" from a callback: home, with the login modal of `kind` open. */
export function useStartAgain(kind: LoginModal = 'customer'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void navigate(paths.home.getHref(), { replace: true });
    openLoginModal(kind);
  }, [navigate, kind]);
}
