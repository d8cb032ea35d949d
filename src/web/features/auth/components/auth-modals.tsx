import { LOGIN_MESSAGES } from '../../../../common/auth-messages';
import { Modal } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AuthenticateOk } from '../../../../common/contracts/auth';
import { usePortalConfig } from '../../../lib/portal-config-context';
import { parseSessionUser } from '../../../lib/session/session-profile';
import { closeLoginModal, openLoginModal, signIn, type LoginModal } from '../../../lib/session/session-store';
import { useSession } from '../../../lib/session/use-session';
import type { AzureAdAuthenticateOk } from '../../../../common/contracts/auth';
import { followRedirect } from '../lib/follow-redirect';
import { isSsoMessage, SSO_CHANNEL_NAME, SSO_POPUP_NAME, type SsoMessage } from '../lib/sso-channel';
import { paths } from '../../../lib/paths';
import { AgentLoginForm } from './agent-login-form';
import {
  EMPTY_AGENT,
  EMPTY_LOGIN,
  emptySignup,
  isIdRequired,
  type AgentFormState,
  type LoginFormState,
  type SignupFormState,
} from './auth-form-state';
import { CustomerLoginForm } from './customer-login-form';
import { SignupForm } from './signup-form';
import { SignupSuccess } from './signup-success';
import classes from './auth-modals.module.css';

const TITLES: Record<LoginModal, string> = {
  customer: 'Customer Login',
  agent: 'Agent Login',
  signup: 'Sign Up',
  signupSuccess: 'Sign Up Successful',
};

const SIZES: Record<LoginModal, string> = {
  customer: '48rem',
  agent: '28rem',
  signup: '30rem',
  signupSuccess: '28rem',
};

const SSO_FAILED = 'Sign-in with SSO could not be completed. Try again, or use your user and password.';

/**
 * The sign-in modals of spec section 2, as one dialog whose view follows the session store's `loginModal`:
 * customer login, agent login, signup and Sign Up Successful. Loaded on the first opening (the header's
 * buttons, a protected link), then kept mounted so the forms keep their values.
 */
export default function AuthModals() {
  const config = usePortalConfig();
  const { loginModal } = useSession();
  const navigate = useNavigate();
  const idRequired = isIdRequired(config.banner.idRequiredFrom);

  const [login, setLogin] = useState<LoginFormState>(EMPTY_LOGIN);
  const [signup, setSignup] = useState<SignupFormState>(() => emptySignup(idRequired));
  const [agent, setAgent] = useState<AgentFormState>(EMPTY_AGENT);
  const [ssoWaiting, setSsoWaiting] = useState(false);
  const ssoStarted = useRef(false);
  // Mounted closed, then opened: Mantine records the element to give focus back to (the button that was
  // pressed) only when `opened` changes, not when the dialog mounts already open.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  // The last view stays on screen while the dialog fades out.
  const [view, setView] = useState<LoginModal>(loginModal ?? 'customer');
  if (loginModal && loginModal !== view) setView(loginModal);
  // The view the dialog opened with: its focus trap focuses that view's first field; any other view was
  // switched to inside the open dialog and focuses itself (the control that switched is gone).
  const [previousModal, setPreviousModal] = useState(loginModal);
  const [openedWith, setOpenedWith] = useState(loginModal);
  if (loginModal !== previousModal) {
    setPreviousModal(loginModal);
    if (previousModal === null || loginModal === null) setOpenedWith(loginModal);
  }
  const focusOnMount = view !== openedWith;

  const completeSignIn = useCallback(
    (answer: AuthenticateOk | AzureAdAuthenticateOk) => {
      const user = parseSessionUser(answer.userInfo.user);
      if (!user) return false;
      signIn(user, { intercomJwt: answer.intercom_user_jwt });
      setAgent(EMPTY_AGENT);
      closeLoginModal();
      followRedirect(answer.redirect, (to, options) => void navigate(to, options), 'push');
      return true;
    },
    [navigate],
  );

  // The popup's answer (see sso-channel.ts). Only the tab that opened the popup acts on it.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(SSO_CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (!isSsoMessage(message) || !ssoStarted.current) return;
      if (message.type === 'sso-signed-in') {
        ssoStarted.current = false;
        setSsoWaiting(false);
        channel.postMessage({ type: 'sso-ack' } satisfies SsoMessage);
        if (!completeSignIn(message.result)) setAgent((s) => ({ ...s, message: SSO_FAILED }));
      } else if (message.type === 'sso-error') {
        ssoStarted.current = false;
        setSsoWaiting(false);
        channel.postMessage({ type: 'sso-ack' } satisfies SsoMessage);
        setAgent((s) => ({ ...s, message: SSO_FAILED }));
      }
    };
    return () => channel.close();
  }, [completeSignIn]);

  function startSso(): boolean {
    const popup = window.open(paths.api.identityLogin, SSO_POPUP_NAME, 'popup,width=520,height=720');
    if (!popup) return false;
    ssoStarted.current = true;
    setSsoWaiting(true);
    setAgent((s) => ({ ...s, message: null }));
    return true;
  }

  function resetSignup() {
    setSignup(emptySignup(idRequired));
  }

  function onClose() {
    if (view === 'signupSuccess') resetSignup();
    closeLoginModal();
  }

  return (
    <Modal.Root opened={mounted && loginModal !== null} onClose={onClose} size={SIZES[view]} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A <div>, not Mantine's <header>: the dialog must not add a second "banner" landmark. */}
        <Modal.Header component="div">
          <Modal.Title className={classes.title}>{TITLES[view]}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {view === 'customer' ? (
            <CustomerLoginForm
              state={login}
              setState={setLogin}
              corporateDomain={config.support.corporateEmailDomain}
              onCorporateEmail={(email) => {
                setAgent((s) => ({ ...s, user: email, userError: null }));
                openLoginModal('agent');
              }}
              onSignUp={() => {
                setSignup((s) => (s.email ? s : { ...s, email: login.email.trim() }));
                openLoginModal('signup');
              }}
              onLeave={closeLoginModal}
              focusOnMount={focusOnMount}
            />
          ) : null}
          {view === 'agent' ? (
            <AgentLoginForm
              state={agent}
              setState={setAgent}
              productName={config.product.name}
              onStartSso={startSso}
              ssoWaiting={ssoWaiting}
              focusOnMount={focusOnMount}
              onSignedIn={(answer) => {
                // A user the session cannot hold (off its contract) reads as a failed sign-in.
                if (!completeSignIn(answer)) setAgent((s) => ({ ...s, message: LOGIN_MESSAGES.serverError }));
              }}
            />
          ) : null}
          {view === 'signup' ? (
            <SignupForm
              state={signup}
              setState={setSignup}
              onSignedUp={() => openLoginModal('signupSuccess')}
              focusOnMount={focusOnMount}
              onCorporateEmail={(email) => {
                setAgent((s) => ({ ...s, user: email, userError: null }));
                openLoginModal('agent');
              }}
              onLogin={() => {
                setLogin((s) => (s.email ? s : { ...s, email: signup.email.trim() }));
                openLoginModal('customer');
              }}
            />
          ) : null}
          {view === 'signupSuccess' ? (
            <SignupSuccess
              email={signup.email.trim()}
              focusOnMount={focusOnMount}
              onLogin={() => {
                setLogin({ ...EMPTY_LOGIN, email: signup.email.trim() });
                resetSignup();
                openLoginModal('customer');
              }}
            />
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
