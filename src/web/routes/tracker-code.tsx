import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authenticateTrackerCode } from '../features/auth/api/authenticate-tracker-code';
import { SignInError, SignInProgress } from '../features/auth/components/sign-in-status';
import { followRedirect } from '../features/auth/lib/follow-redirect';
import { signInFailureDetail } from '../features/auth/lib/sign-in-failure';
import { paths } from '../lib/paths';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Connecting the ticketing system',
    description: `Completing the ticketing system's authorization for agents of the ${config.product.name} support portal.`,
  }),
};

/** `/code?code=&state=`: the ticketing system's authorization came back (agents); then home. */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const code = search.get('code') ?? '';
  const state = search.get('state') ?? '';
  const error = search.get('error');

  const exchange = useQuery({
    queryKey: ['auth', 'tracker-code', code, state],
    queryFn: () => authenticateTrackerCode({ code, state }),
    enabled: !error && code !== '' && state !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  const answer = exchange.data;
  useEffect(() => {
    if (answer?.ok) {
      followRedirect(answer.data.redirect, (to, options) => void navigate(to, options), 'replace');
    }
  }, [answer, navigate]);

  // Starting again means asking the ticketing system again (a server redirect).
  const startAgain = () => window.location.assign(paths.jiraAuth.getHref());
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
  return (
    <SignInProgress
      title="Connecting the ticketing system"
      text="Completing the ticketing system's authorization…"
    />
  );
}
