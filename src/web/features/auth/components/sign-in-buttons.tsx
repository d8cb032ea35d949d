import { loadAuthModals } from './auth-modal-host';
import { LoginLink } from '../../../components/login-link';
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
  return (
    <div className={classes.root} data-layout={layout} onPointerEnter={preload} onFocus={preload}>
      <LoginLink kind="customer" variant={onDark ? 'white' : 'filled'} fullWidth={!onDark} onOpen={onChoose}>
        Customer Login
      </LoginLink>
      <LoginLink
        kind="agent"
        variant="outline"
        color={onDark ? 'white' : undefined}
        fullWidth={!onDark}
        onOpen={onChoose}
      >
        Agent Login
      </LoginLink>
    </div>
  );
}
