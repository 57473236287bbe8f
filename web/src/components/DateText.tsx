import { formatDate, formatDateMedium, relativeDate } from '../../../functions/domain/format';

/**
 * A date in en-GB (the domain's formatting) in a <time> element carrying the machine-readable date:
 * 'medium' 5 Mar 2024, 'short' 05/03/2024, 'relative' Today / Yesterday / 3 days ago, else the short date.
 */
export interface DateTextProps {
  /** 'YYYY-MM-DD' (or an ISO timestamp for 'relative'). */
  date: string;
  format?: 'medium' | 'short' | 'relative';
  /** 'Now' for relative dates (tests and previews); defaults to the current time. */
  now?: Date;
}

export function formatDateText(date: string, format: DateTextProps['format'] = 'medium', now = new Date()) {
  if (format === 'short') return formatDate(date);
  if (format === 'relative') return relativeDate(date, now);
  return formatDateMedium(date);
}

export function DateText({ date, format = 'medium', now }: DateTextProps) {
  return <time dateTime={date}>{formatDateText(date, format, now)}</time>;
}
