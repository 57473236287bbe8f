import type { Upload } from '../../../../functions/contracts/uploads';
import { formatDateMedium } from '../../../../functions/domain/format';

/** How Account Setup reads dates and counts (en-GB, as the rest of the app). */
const dateOfInstant = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** '5 Mar 2024' of an ISO timestamp (e.g. when a statement was uploaded), in UK time. */
export function formatInstantDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateOfInstant.format(d);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}

/** A statement's period: '1 Jan 2026 – 31 Jan 2026'. */
export function periodText(period: Upload['period']): string | null {
  return period ? `${formatDateMedium(period.start)} – ${formatDateMedium(period.end)}` : null;
}

/**
 * What 'Remove this statement' will do, stated before it is done: the rows that would really go and those
 * another statement also holds (they stay); null while that is being read.
 */
export function removeStatementDescription(
  upload: Pick<Upload, 'fileName'>,
  removal: { removes: number; shared: number } | null,
): string {
  if (!removal) return `Checking what removing ${upload.fileName} would change…`;
  const { removes, shared } = removal;
  const stays =
    shared > 0
      ? ` ${plural(shared, 'transaction')} ${shared === 1 ? 'is' : 'are'} also in another statement and will stay.`
      : '';
  if (removes > 0)
    return `This removes ${plural(removes, 'transaction')} that only ${upload.fileName} holds.${stays}`;
  return shared > 0
    ? `No transactions will be removed: all ${plural(shared, 'transaction')} of ${upload.fileName} are also in another statement and will stay. Only its record is removed.`
    : `${upload.fileName} added no transactions: only its record is removed.`;
}

/** The confirm button of 'Remove this statement': the rows that will really go. */
export function removeStatementLabel(removal: { removes: number } | null): string {
  return removal && removal.removes > 0
    ? `Remove ${plural(removal.removes, 'transaction')}`
    : 'Remove statement';
}

/** The result of 'Remove this statement'. */
export function removedText(fileName: string, removed: number, kept: number): string {
  const base = `${fileName} was removed: ${plural(removed, 'transaction')} deleted.`;
  return kept > 0
    ? `${base} ${plural(kept, 'transaction')} stayed because another statement holds them too.`
    : base;
}
