import * as z from 'zod/mini';
import { FLOW_TYPES, TRANSACTION_TYPES } from '../domain/types';
import { idString } from './ids';

/** Transactions as the API returns them (spec 2 §3 field names). Shared by the handlers and the SPA. */
/** The stored flow types: the domain's list (functions/domain/types.ts). */
export const flowTypes = FLOW_TYPES;

export const transactionSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  transaction_date: z.string(),
  description: z.string(),
  amount: z.number(),
  signed_amount: z.nullable(z.number()),
  type: z.nullable(z.enum(TRANSACTION_TYPES)),
  balance: z.nullable(z.number()),
  flow_type: z.nullable(z.string()),
  user_corrected_flow_type: z.nullable(z.string()),
  classification_confidence: z.nullable(z.number()),
  classification_method: z.nullable(z.string()),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const accountTransactionsParamsSchema = z.object({
  id: idString('ulid', 'Not an account id'),
});
/** Spec 2 §9: the upload screen shows the latest 50. */
export const accountTransactionsQuerySchema = z.object({
  limit: z._default(
    z.coerce
      .number()
      .check(z.int('limit must be a whole number'), z.minimum(1), z.maximum(500, 'limit is at most 500')),
    50,
  ),
});
export const transactionListSchema = z.object({ transactions: z.array(transactionSchema) });
