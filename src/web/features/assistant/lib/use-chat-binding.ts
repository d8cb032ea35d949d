import { useEffect, useState } from 'react';
import { CHAT_UPDATE_DELAY_MS } from '../../../../common/chat';
import { chatUserToken, renewChatUserToken } from '../../../lib/session/session-actions';
import { useSession } from '../../../lib/session/use-session';
import { chatTokenRefreshDelay } from './chat-token-refresh';

/** Who the chat speaks with (spec section 2, /chatbot): the fields the chat is updated with. */
export interface ChatBinding {
  name: string;
  id: string;
  email: string;
  /** When the user was created (ISO 8601), when known. */
  createdAt: string | null;
  /** The signed user token (`intercom_user_jwt`); null when `/me` could not give one. */
  token: string | null;
}

/**
 * The chat bound to the signed-in user, once `CHAT_UPDATE_DELAY_MS` have passed since the page opened (spec
 * sections 2 and 9), and null until then. The token is fetched meanwhile, so the delay is not lengthened by
 * it; a user switch (another tab signs in as someone else) binds again from the start. The token is fetched
 * again before it expires, and the chat is handed the fresh one.
 */
export function useChatBinding(): ChatBinding | null {
  const { userId, userName, userEmail, createdAt } = useSession();
  // Only the user and the token are kept: a profile refreshed meanwhile (a new name) updates the binding
  // without hiding the chat again.
  const [bound, setBound] = useState<{ userId: string; token: string | null } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const delay = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CHAT_UPDATE_DELAY_MS);
    });
    void Promise.all([chatUserToken(), delay]).then(([token]) => {
      if (!cancelled) setBound({ userId, token });
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [userId]);

  // The token is replaced before it expires, for as long as the page is open.
  const boundToken = bound?.userId === userId ? bound.token : null;
  useEffect(() => {
    if (!boundToken) return;
    const delay = chatTokenRefreshDelay(boundToken, Date.now());
    if (delay === null) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void renewChatUserToken().then((token) => {
        if (!cancelled && token) setBound({ userId, token });
      });
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [userId, boundToken]);

  if (bound?.userId !== userId) return null;
  return { id: userId, name: userName || userEmail, email: userEmail, createdAt, token: bound.token };
}
