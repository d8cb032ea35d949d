/** The lock beside an article that needs sign-in: an image with its own name, read out where it stands. */
export function LockIcon({ className, size }: { className?: string; size: number }) {
  return (
    <svg
      className={className}
      role="img"
      aria-label="Sign-in required"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
