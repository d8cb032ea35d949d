import { DecorativeSvg } from './decorative-svg';

/** The product mark (same drawing as public/favicon.svg); decorative, the text beside it names the link. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <DecorativeSvg viewBox="0 0 32 32" size={size}>
      <rect width="32" height="32" rx="7" fill="#1d4ed8" />
      <path d="M8.5 25L16 6.5 23.5 25h-4.1L16 16.2 12.6 25z" fill="#fff" />
      <circle cx="16" cy="21" r="2.6" fill="#93c5fd" />
    </DecorativeSvg>
  );
}
