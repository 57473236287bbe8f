/**
 * The words of regular payments (how often, by what means, where a series stands, what the family decided),
 * apart from their detection (recurring.ts): the API contracts and the screens that only show a forecast
 * use these without loading the merchant dictionary and the category rules detection rests on.
 */
export const FREQUENCIES = [
  'weekly',
  'fortnightly',
  'four_weekly',
  'monthly',
  'quarterly',
  'yearly',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const CHANNELS = ['direct_debit', 'standing_order', 'card', 'other'] as const;
export type Channel = (typeof CHANNELS)[number];
export const SERIES_STATUSES = ['active', 'missed', 'ended'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];
export const DECISION_STATUSES = ['confirmed', 'not_regular', 'ended'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];
