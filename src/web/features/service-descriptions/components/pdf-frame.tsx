import { useEffect, useState } from 'react';
import classes from './pdf-frame.module.css';

type Props = { title: string; src: string };

/** As `.frame`'s media query: below it the page offers the PDF instead of framing it. */
const FRAME_MEDIA = '(min-width: 48em)';

/**
 * Whether this browser shows a framed PDF usefully: a wide screen whose browser has a PDF viewer. Phones do not:
 * Chrome on Android frames no PDF at all (`navigator.pdfViewerEnabled` is false there) and Safari on iOS frames
 * only the first page, so a phone gets a link that opens the document in its own viewer.
 */
function framesPdf(): boolean {
  return navigator.pdfViewerEnabled !== false && window.matchMedia(FRAME_MEDIA).matches;
}

/**
 * The document's frame, made once the page is hydrated and the browser is idle: made with the page, the
 * browser's PDF viewer starts in the page's own renderer while the app's scripts run and lengthens their tasks.
 * Until then, without scripts, and on a phone, its place holds a link that opens the PDF in the browser's viewer.
 */
export function PdfFrame({ title, src }: Props) {
  // 'pending' until the app knows: a wide screen keeps the frame's height meanwhile, so that the frame's coming
  // moves nothing below it.
  const [view, setView] = useState<'pending' | 'frame' | 'link'>('pending');
  useEffect(() => {
    if (!framesPdf()) {
      setView('link');
      return;
    }
    const show = () => setView('frame');
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(show, 0);
    return () => window.clearTimeout(id);
  }, []);
  if (view === 'frame') return <iframe title={title} src={src} className={classes.frame} />;
  return (
    <div className={view === 'pending' ? `${classes.frame} ${classes.pending}` : classes.frame}>
      <p className={classes.offer}>
        <a href={src} className={classes.open}>
          Open the PDF
        </a>
        <span className={classes.hint}>in your browser&apos;s viewer</span>
      </p>
    </div>
  );
}
