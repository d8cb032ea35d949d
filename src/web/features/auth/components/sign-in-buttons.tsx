import { Button } from '@mantine/core';
import classes from './sign-in-buttons.module.css';

interface SignInButtonsProps {
  /** `inline` on the dark header bar, `stacked` (full width, on white) in the mobile menu. */
  layout: 'inline' | 'stacked';
}

/**
 * The two ways in (spec section 2): the customer login modal and the agent login modal. Placeholders until the
 * sign-in issue lands: they are real buttons, so focus order, layout and tests already see them, but they do
 * nothing yet and open no modal.
 */
export function SignInButtons({ layout }: SignInButtonsProps) {
  const onDark = layout === 'inline';
  return (
    <div className={classes.root} data-layout={layout}>
      <Button type="button" variant={onDark ? 'white' : 'filled'} fullWidth={!onDark}>
        Customer Login
      </Button>
      <Button type="button" variant="outline" color={onDark ? 'white' : undefined} fullWidth={!onDark}>
        Agent Login
      </Button>
    </div>
  );
}
