const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size as people read it: `256 KB`, `1.4 GB` (1024-based, as operating systems show file sizes). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit]}`;
}
