import * as z from 'zod/mini';
import { accountTypes } from './accounts';
import { lazy } from './lazy';

/**
 * The family's own account numbers (functions/domain/account-numbers.ts): learned from each statement's
 * heading, or typed by the family for an account whose statements are never uploaded, so that a transfer to
 * it is known from the other side alone. GET /api/account-numbers, PUT /api/accounts/{id}/numbers.
 */
export const ACCOUNT_NUMBER_MESSAGES = {
  sortCode: 'A sort code is 6 digits, e.g. 20-45-67',
  accountNumber: 'An account number is 8 digits',
  cardLast4: 'A card ending is its last 4 digits',
  taken: 'Another of your accounts has this number',
  notFound: 'Account not found',
} as const;

const digits = (n: number, message: string) =>
  z.nullable(
    z.string(message).check(
      z.trim(),
      z.maxLength(20, message),
      z.refine((v) => v === '' || v.replace(/[\s-]/g, '').length === n, message),
      z.refine((v) => /^[\d\s-]*$/.test(v), message),
    ),
  );

/** Each field optional (left as it is), null or '' clears it; separators (spaces, dashes) are allowed. */
export const accountNumbersRequestSchema = lazy(() =>
  z.object({
    sort_code: z.optional(digits(6, ACCOUNT_NUMBER_MESSAGES.sortCode)),
    account_number: z.optional(digits(8, ACCOUNT_NUMBER_MESSAGES.accountNumber)),
    card_last4: z.optional(digits(4, ACCOUNT_NUMBER_MESSAGES.cardLast4)),
  }),
);
export type AccountNumbersRequest = z.infer<typeof accountNumbersRequestSchema>;

export const accountNumbersSchema = lazy(() =>
  z.object({
    account_id: z.string(),
    name: z.string(),
    account_type: z.enum(accountTypes),
    /** Six digits, no separators. */
    sort_code: z.nullable(z.string()),
    account_number: z.nullable(z.string()),
    card_last4: z.nullable(z.string()),
  }),
);
export type AccountNumbers = z.infer<typeof accountNumbersSchema>;
export const accountNumbersListSchema = lazy(() => z.object({ accounts: z.array(accountNumbersSchema) }));
export type AccountNumbersList = z.infer<typeof accountNumbersListSchema>;

/** The account's numbers as saved, and how many of the family's rows now count as transfers to it. */
export const accountNumbersResponseSchema = lazy(() =>
  z.object({
    account: accountNumbersSchema,
    relabelled: z.number(),
  }),
);
export type AccountNumbersResponse = z.infer<typeof accountNumbersResponseSchema>;
