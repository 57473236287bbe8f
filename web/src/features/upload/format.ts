/**
 * File sizes in en-GB ('840 kB', '1.2 MB'), in the 1024-based units of the upload limit (contracts/uploads).
 * Money and dates come from the domain's en-GB formatting.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const mega = bytes >= 1024 * 1024;
  return new Intl.NumberFormat('en-GB', {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mega ? 1 : 0,
  }).format(bytes / (mega ? 1024 * 1024 : 1024));
}
