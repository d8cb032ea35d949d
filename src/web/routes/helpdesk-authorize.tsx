import { Alert, Button, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { RATE_LIMIT_MESSAGE } from '../../common/auth-messages';
import {
  readHelpdeskStartParams,
  startHelpdeskAuthorization,
} from '../features/auth/api/start-helpdesk-authorization';
import { useVerifyHelpdeskCode } from '../features/auth/api/verify-helpdesk-code';
import { ApiError, unreachableMessage } from '../lib/api-client';
import { SignInError, SignInProgress, useStartAgain } from '../features/auth/components/sign-in-status';
import { readableMessage, signInFailureDetail } from '../features/auth/lib/sign-in-failure';
import { Page } from '../components/page';
import { paths } from '../lib/paths';
import type { PortalRouteHandle } from '../lib/route-handle';
import { toSameOriginPath } from '../lib/safe-redirect';
import classes from './helpdesk-authorize.module.css';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Enter your one-time code',
    description: `Authorize your sign-in to the ${config.product.name} support portal with the six-digit code sent to your email.`,
  }),
};

const TITLE = 'Enter your one-time code';
const CODE_PATTERN = /^\d{6}$/;

type VerifyFailure = { text: string; final: boolean };

/**
 * The answer to a refused code (POST verify): 401 is a wrong code, which may be tried again (the server's
 * sentence says how many attempts are left); 400 means the request is used, expired or out of attempts, so only
 * starting again helps. A 429 with a sentence is the address's limit of wrong codes (this code is done for);
 * without one, too many calls from this browser's address, which a minute's wait cures.
 */
function verifyFailure(error: unknown): VerifyFailure {
  const { status, code } = error instanceof ApiError ? error : new ApiError(0, undefined);
  if (status === 429) {
    const sentence = readableMessage(code);
    return sentence ? { text: sentence, final: true } : { text: RATE_LIMIT_MESSAGE, final: false };
  }
  if (status === 0) {
    return { text: unreachableMessage(), final: false };
  }
  if (status >= 500) return { text: 'The code could not be checked. Please try again later.', final: false };
  if (status === 400) {
    return {
      text:
        readableMessage(code) ??
        'This code has expired or can no longer be used. Please start the sign-in again.',
      final: true,
    };
  }
  return { text: readableMessage(code) ?? 'The code is not correct. Please try again.', final: false };
}

/**
 * The built-in help desk's authorization page (`/helpdesk/authorize?…OAuth parameters`): the server emails a
 * six-digit code, the user types it, and the browser goes on to `/zendeskAuth?code=…`.
 */
export function Component() {
  const [search] = useSearchParams();
  const params = useMemo(() => readHelpdeskStartParams(search), [search]);
  const role = params.role === 'agent' ? 'agent' : 'customer';
  const startAgainCustomer = useStartAgain('customer');
  // Agents start again at the help desk's authorization itself; customers at the login modal.
  const startAgain =
    role === 'agent' ? () => window.location.assign(paths.zendeskInitAuth.getHref()) : startAgainCustomer;

  const [round, setRound] = useState(0);
  const start = useQuery({
    queryKey: ['auth', 'helpdesk-start', search.toString(), round],
    queryFn: () => startHelpdeskAuthorization(params),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // While a new code is on its way the form stays, with what was typed.
    placeholderData: keepPreviousData,
  });

  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<VerifyFailure | null>(null);
  const verify = useVerifyHelpdeskCode();
  // Stays "submitting" after a success while the browser leaves for the code's redirect.
  const submitting = verify.isPending || verify.isSuccess;
  const inputRef = useRef<HTMLInputElement>(null);

  const started = start.data;
  const ready = started !== undefined && !start.isError;
  // The code is all this page asks for: the field takes focus as soon as the code is on its way.
  useEffect(() => {
    if (ready) inputRef.current?.focus();
  }, [ready]);

  if (start.error) {
    return <SignInError detail={signInFailureDetail(start.error)} onStartAgain={startAgain} />;
  }
  if (!started) return <SignInProgress title={TITLE} text="Sending you a one-time code…" />;
  const { requestId, sentTo } = started;
  const resending = start.isFetching;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || resending) return;
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) {
      setCodeError('Enter the six-digit code from the email.');
      inputRef.current?.focus();
      return;
    }
    setCodeError(null);
    setFailure(null);
    let redirect: string;
    try {
      ({ redirect } = await verify.mutateAsync({ requestId, code: value }));
    } catch (error) {
      setFailure(verifyFailure(error));
      inputRef.current?.focus();
      return;
    }
    window.location.assign(toSameOriginPath(redirect, window.location.origin) ?? '/');
  }

  function resend() {
    setCode('');
    setCodeError(null);
    setFailure(null);
    setRound((value) => value + 1);
    inputRef.current?.focus();
  }

  return (
    <Page title={TITLE}>
      <p>
        We sent a six-digit code to <strong>{sentTo}</strong>. It works once, for ten minutes.
      </p>
      <form className={classes.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextInput
          ref={inputRef}
          label="One-time code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          error={codeError}
          className={classes.code}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setCode(value);
            setCodeError(null);
          }}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure.text}
          </Alert>
        ) : null}
        <div className={classes.actions}>
          {failure?.final ? (
            <Button type="button" onClick={startAgain}>
              Start again
            </Button>
          ) : (
            <Button type="submit" loading={submitting}>
              Continue
            </Button>
          )}
          <Button type="button" variant="subtle" onClick={resend} loading={resending}>
            Send a new code
          </Button>
        </div>
        <p role="status" className={classes.status}>
          {round > 0 && !resending ? `We sent a new code to ${sentTo}.` : ''}
        </p>
      </form>
    </Page>
  );
}
