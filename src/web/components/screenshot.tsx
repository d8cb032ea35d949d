import classes from './screenshot.module.css';

/**
 * A screenshot or diagram in a help page: framed, at its intrinsic size (960 px wide) so the layout does not
 * shift while it loads, and described in full by `alt` (the steps it shows are part of the page's text).
 */
export function Screenshot(props: { src: string; height: number; alt: string; lazy?: boolean }) {
  return (
    <img
      className={classes.screenshot}
      src={props.src}
      width={960}
      height={props.height}
      loading={props.lazy ? 'lazy' : undefined}
      alt={props.alt}
    />
  );
}
