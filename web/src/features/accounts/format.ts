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

/** What 'Remove this statement' will do, stated before it is done (the rows that upload added). */
export function removeStatementDescription(upload: Pick<Upload, 'fileName' | 'counts'>): string {
  const added = upload.counts.added ?? 0;
  return added > 0
    ? `This removes ${plural(added, 'transaction')} that ${upload.fileName} added. Transactions another statement also holds stay.`
    : `${upload.fileName} added no transactions: only its record is removed.`;
}

/** The result of 'Remove this statement'. */
export function removedText(fileName: string, removed: number, kept: number): string {
  const base = `${fileName} was removed: ${plural(removed, 'transaction')} deleted.`;
  return kept > 0
    ? `${base} ${plural(kept, 'transaction')} stayed because another statement holds them too.`
    : base;
}
