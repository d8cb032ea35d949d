import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { followRedirect } from '../lib/follow-redirect';
import { signInFailureDetail } from '../lib/sign-in-failure';
import { SignInError, SignInProgress } from './sign-in-status';

interface AuthorizationReturnProps<Data extends { redirect: string }> {
  /** Names the exchange in the query cache. */
  name: string;
  /**
   * Trades `code` and `state` with the portal's API. Runs once per pair (never retried, never refetched): an
   * authorization code is spent by its first use.
   */
  exchange: (params: { code: string; state: string }) => Promise<Data>;
  onStartAgain: () => void;
  /** What the page says while the exchange runs. */
  progress: { title: string; text: string };
}

/**
 * The page an authorization server sends the browser back to (`?code=&state=`, or `?error=`): exchanges the
 * code, then follows the answer's redirect; a refusal or a failed exchange shows why, with a way to start
 * again.
 */
export function AuthorizationReturn<Data extends { redirect: string }>(
  props: AuthorizationReturnProps<Data>,
) {
  const { name, exchange, onStartAgain, progress } = props;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const code = search.get('code') ?? '';
  const state = search.get('state') ?? '';
  const error = search.get('error');

  const { data: answer, error: failure } = useQuery({
    queryKey: ['auth', name, code, state],
    queryFn: () => exchange({ code, state }),
    enabled: !error && code !== '' && state !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  useEffect(() => {
    if (answer) followRedirect(answer.redirect, (to, options) => void navigate(to, options), 'replace');
  }, [answer, navigate]);

  if (error || !code || !state) {
    return (
      <SignInError
        detail={signInFailureDetail({ error: error ?? 'invalid_request' })}
        onStartAgain={onStartAgain}
      />
    );
  }
  if (failure) {
    return <SignInError detail={signInFailureDetail(failure)} onStartAgain={onStartAgain} />;
  }
  return <SignInProgress title={progress.title} text={progress.text} />;
}
