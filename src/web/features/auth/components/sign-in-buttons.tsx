import { Button } from '@mantine/core';
import { openLoginModal, type LoginModal } from '../../session/session-store';
import { loadAuthModals } from './auth-modal-host';
import classes from './sign-in-buttons.module.css';

interface SignInButtonsProps {
  /** `inline` on the dark header bar, `stacked` (full width, on white) in the mobile menu. */
  layout: 'inline' | 'stacked';
  /** Called after a button opened its modal (the mobile menu closes itself). */
  onChoose?: () => void;
}

const preload = () => void loadAuthModals();

/** The two ways in (spec section 2): the customer login modal and the agent login modal. */
export function SignInButtons({ layout, onChoose }: SignInButtonsProps) {
  const onDark = layout === 'inline';
  const open = (kind: LoginModal) => {
    openLoginModal(kind);
    onChoose?.();
  };
  return (
    <div className={classes.root} data-layout={layout} onPointerEnter={preload} onFocus={preload}>
      <Button
        type="button"
        variant={onDark ? 'white' : 'filled'}
        fullWidth={!onDark}
        onClick={() => open('customer')}
      >
        Customer Login
      </Button>
      <Button
        type="button"
        variant="outline"
        color={onDark ? 'white' : undefined}
        fullWidth={!onDark}
        onClick={() => open('agent')}
      >
        Agent Login
      </Button>
    </div>
  );
}
