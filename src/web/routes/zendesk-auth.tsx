import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { grantAuthCode } from '../features/auth/api/grant-auth-code';
import { SignInError, SignInProgress, useStartAgain } from '../features/auth/components/sign-in-status';
import { followRedirect } from '../features/auth/lib/follow-redirect';
import { signInFailureDetail } from '../features/auth/lib/sign-in-failure';
import { signIn } from '../features/session/session-store';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Signing you in',
    description: `Completing your sign-in to the ${config.product.name} support portal after the help desk's authorization.`,
  }),
};

/**
 * `/zendeskAuth?code=&state=`: the help desk's authorization came back. The code is exchanged once for a
 * signed-in session; customers then go home, agents on to the ticketing system's authorization (/jiraAuth).
 */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const startAgain = useStartAgain('customer');
  const code = search.get('code') ?? '';
  const state = search.get('state') ?? '';
  const error = search.get('error');

  const grant = useQuery({
    queryKey: ['auth', 'auth-code-grant', code, state],
    queryFn: async () => {
      const answer = await grantAuthCode({ code, state });
      // Here rather than in an effect: the code is spent once, whatever React renders twice.
      if (answer.ok) signIn(answer.data.userInfo.user, { intercomJwt: answer.data.intercom_user_jwt });
      return answer;
    },
    enabled: !error && code !== '' && state !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  const answer = grant.data;
  useEffect(() => {
    if (answer?.ok)
      followRedirect(answer.data.redirect, (to, options) => void navigate(to, options), 'replace');
  }, [answer, navigate]);

  if (error || !code || !state) {
    return (
      <SignInError
        detail={signInFailureDetail({ error: error ?? 'invalid_request' })}
        onStartAgain={startAgain}
      />
    );
  }
  if (answer && !answer.ok) {
    return (
      <SignInError
        detail={signInFailureDetail({ status: answer.status, code: answer.code })}
        onStartAgain={startAgain}
      />
    );
  }
  return <SignInProgress title="Signing you in" text="Completing your sign-in…" />;
}
