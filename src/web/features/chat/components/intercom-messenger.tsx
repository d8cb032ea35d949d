import { Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import {
  documentLoadedAt,
  startMessenger,
  updateMessengerToken,
  type MessengerUser,
  type MessengerWorkspace,
} from '../lib/intercom-messenger';

/**
 * The Intercom Messenger on the page that shows it: started once `user` is bound (after the chat update
 * delay), shut down and removed when the page is left or the user changes.
 */
export function IntercomMessenger({
  workspace: { appId, apiBase },
  user,
}: {
  workspace: MessengerWorkspace;
  user: MessengerUser | null;
}) {
  useEffect(() => {
    // Reached by an in-app link: this document's policy forbids the widget, so load the page itself.
    // After that load the document is this page's, so this cannot repeat.
    if (!documentLoadedAt(window.location.pathname)) window.location.reload();
  }, []);

  const { id, name, email, createdAt, token } = user ?? {};
  // The token the Messenger was booted or last updated with: a fresh one is handed over, not booted again.
  const tokenGiven = useRef<string | null>(null);
  useEffect(() => {
    if (id === undefined || name === undefined || email === undefined) return;
    if (!documentLoadedAt(window.location.pathname)) return;
    tokenGiven.current = token ?? null;
    return startMessenger(
      { appId, apiBase },
      { id, name, email, createdAt: createdAt ?? null, token: token ?? null },
    );
    // A new token for the same user is not a new session: the effect below passes it on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appId, apiBase, id, name, email, createdAt]);

  useEffect(() => {
    if (!token || tokenGiven.current === null || token === tokenGiven.current) return;
    tokenGiven.current = token;
    updateMessengerToken(token);
  }, [token]);

  if (!user) {
    return (
      <p role="status">
        <Loader size="xs" aria-hidden="true" /> Opening the chat…
      </p>
    );
  }
  return <p role="status">The chat is open in the Messenger at the bottom right of the page.</p>;
}
