import { useRef, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '../../../../common/contracts/auth';
import { logout } from '../../../lib/session/session-actions';
import { useSession } from '../../../lib/session/use-session';
import { useDisclosure } from '../../../components/use-disclosure';
import classes from './user-menu.module.css';

export const ROLE_LABELS: Record<Role, string> = { customer: 'Customer', agent: 'Agent', admin: 'Admin' };

/**
 * The signed-in user's menu in the header: who is signed in, in which role, and Logout. A disclosure button
 * like the site menus (nav-menu.tsx), not Mantine's Menu, to keep a positioning engine out of every page.
 */
export function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const { open, setOpen, panelId, rootRef, onBlur, closeToButton, buttonProps } = useDisclosure();
  const logoutRef = useRef<HTMLButtonElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      closeToButton();
    } else if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => logoutRef.current?.focus());
    }
  }

  const name = session.userName || session.userEmail;
  return (
    <div ref={rootRef} className={classes.root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button {...buttonProps} className={classes.target}>
        <span className={classes.avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className={classes.name}>{name}</span>
      </button>
      <div id={panelId} className={classes.panel} hidden={!open}>
        <p className={classes.who}>{name}</p>
        <p className={classes.detail}>{session.userEmail}</p>
        {session.role ? <p className={classes.detail}>{`Role: ${ROLE_LABELS[session.role]}`}</p> : null}
        <button
          ref={logoutRef}
          type="button"
          className={classes.logout}
          onClick={() => {
            setOpen(false);
            void logout((to, options) => void navigate(to, options));
          }}
        >
          Logout
        </button>
      </div>
    </div>
  );
}
