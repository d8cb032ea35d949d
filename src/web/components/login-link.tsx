import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { loginHref, type LinkedLoginModal } from '../lib/session/login-link';
import { openLoginModal } from '../lib/session/session-store';

interface LoginLinkProps extends Pick<ButtonProps, 'variant' | 'color' | 'fullWidth'> {
  kind: LinkedLoginModal;
  children: ReactNode;
  /** Called after the link opened its modal in place (the mobile menu closes itself). */
  onOpen?: () => void;
}

/** A click the browser would follow in this tab; the others (new tab, new window) keep their meaning. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A sign-in button that is a link to this page with its modal (`?login=`, see login-link.ts): before the app
 * runs the browser follows it and the modal opens on the page it loads; once the app runs it opens the modal in
 * place, without a navigation. Enter on it opens the modal too, and the modal gives focus back to it.
 */
export function LoginLink({ kind, children, onOpen, ...button }: LoginLinkProps) {
  const location = useLocation();
  return (
    <Button
      component="a"
      href={loginHref(location, kind)}
      // One page with a modal, not a page of its own for search engines.
      rel="nofollow"
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        openLoginModal(kind);
        onOpen?.();
      }}
      {...button}
    >
      {children}
    </Button>
  );
}
