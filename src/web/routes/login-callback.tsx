import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  authenticateIdentityCode,
  readOAuthCallbackQuery,
} from '../features/auth/api/authenticate-identity-code';
import { SignInError, SignInProgress } from '../features/auth/components/sign-in-status';
import { followRedirect } from '../features/auth/lib/follow-redirect';
import { signInFailureDetail } from '../features/auth/lib/sign-in-failure';
import { isSsoMessage, SSO_CHANNEL_NAME, type SsoMessage } from '../features/auth/lib/sso-channel';
import { openLoginModal, signIn } from '../lib/session/session-store';
import { paths } from '../lib/paths';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Completing SSO sign-in',
    description: `Return address of the corporate identity provider for agents of the ${config.product.name} support portal.`,
  }),
};

/** How long the popup waits for the page that opened it before finishing the sign-in itself. */
const OPENER_WAIT_MS = 2000;

/**
 * `/login/callback?code=&state=`, in the sign-in popup: the identity provider came back (or
 * `?error=&error_description=`: it refused, and its sentence is shown). The code is exchanged
 * (`GET /api/azureAD/authenticateCode`), the answer goes to the page that opened the popup (sso-channel.ts),
 * which stores the profile and moves on, and the popup closes. Opened on its own (no page waiting), it
 * finishes the sign-in itself.
 */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const query = readOAuthCallbackQuery(search);
  const { code, state } = query;
  const error = search.get('error');
  const errorDescription = search.get('error_description');
  const [handedOver, setHandedOver] = useState(false);

  const exchange = useQuery({
    queryKey: ['auth', 'identity-code', search.toString()],
    queryFn: () => authenticateIdentityCode(query),
    enabled: !error && code !== '' && state !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const answer = exchange.data;
  const failed = Boolean(error) || !code || !state || exchange.error !== null;

  useEffect(() => {
    if (!failed && !answer) return;
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(SSO_CHANNEL_NAME);
    let acknowledged = false;
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (!isSsoMessage(event.data) || event.data.type !== 'sso-ack') return;
      acknowledged = true;
      // A refusal stays on screen: the provider's sentence says what to ask the administrator for.
      if (!answer) return;
      setHandedOver(true);
      window.close();
    };
    const message: SsoMessage = answer
      ? { type: 'sso-signed-in', result: answer }
      : { type: 'sso-error', error: error ?? 'refused' };
    channel.postMessage(message);

    const timer = window.setTimeout(() => {
      if (acknowledged || !answer) return;
      // Nobody is waiting for this answer (opened directly, or the opener was closed): finish here.
      signIn(answer.userInfo.user, { intercomJwt: answer.intercom_user_jwt });
      followRedirect(answer.redirect, (to, options) => void navigate(to, options), 'replace');
    }, OPENER_WAIT_MS);
    return () => {
      window.clearTimeout(timer);
      channel.close();
    };
  }, [failed, answer, error, navigate]);

  if (failed) {
    const detail = error
      ? signInFailureDetail({ error, description: errorDescription })
      : exchange.error
        ? signInFailureDetail(exchange.error)
        : signInFailureDetail({ error: 'invalid_request' });
    return (
      <SignInError
        detail={detail}
        onStartAgain={() => {
          // In the popup: close it (the agent modal is still open behind). On its own: back to the agent login.
          window.close();
          window.setTimeout(() => {
            void navigate(paths.home.getHref(), { replace: true });
            openLoginModal('agent');
          }, 200);
        }}
      />
    );
  }
  return (
    <SignInProgress
      title="Completing SSO sign-in"
      text={handedOver ? 'You are signed in. You can close this window.' : 'Completing your sign-in…'}
    />
  );
}
