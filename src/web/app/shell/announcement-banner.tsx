import { CloseButton, Container } from '@mantine/core';
import { useState } from 'react';
import classes from './announcement-banner.module.css';

interface AnnouncementBannerProps {
  text: string;
  /** Where focus goes once the banner is gone, so keyboard users are not dropped at the top of the document. */
  onDismiss: () => void;
}

/** The announcement of spec section 1. Dismissing hides it for this page view only: nothing is stored. */
export function AnnouncementBanner({ text, onDismiss }: AnnouncementBannerProps) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <section aria-label="Announcement" className={classes.banner}>
      <Container size="xl" className={classes.inner}>
        <svg className={classes.icon} viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M10 9v5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="10" cy="6" r="1.2" fill="currentColor" />
        </svg>
        <p className={classes.text}>{text}</p>
        <CloseButton
          aria-label="Dismiss announcement"
          className={classes.close}
          onClick={() => {
            setDismissed(true);
            onDismiss();
          }}
        />
      </Container>
    </section>
  );
}
