import * as z from 'zod/mini';
import { isIsoDate } from '../domain/dates';

/**
 * A calendar date the API takes: 'YYYY-MM-DD' that is a real day (no 2024-02-30, no 2099-99-99). The shape
 * alone would let an impossible date through to key ranges and roll-ups, where it reads as another day.
 */
export function calendarDate(message: string) {
  return z
    .string({ error: message })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, message), z.refine(isIsoDate, message));
}
