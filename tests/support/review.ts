import { ulid } from 'ulid';
import {
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import type { ApiCaller } from './api';

/**
 * Rows for the review tools' tests, written through the transaction repository as a statement's would be
 * (the pipeline never writes rows without a type or signed amount, nor leaves most unclassified on the twin,
 * so the states these tools exist for are seeded here rather than through a backdoor route).
 */
export interface SeedRow {
  date: string;
  description: string;
  /** Money in positive, out negative; null: the row has no signed amount (a "bad" row). */
  signed: number | null;
  /** Default: from the sign. null: no type (a "bad" row). */
  type?: 'credit' | 'debit' | null;
  flow_type?: string | null;
  confidence?: number | null;
  corrected?: string | null;
}

export async function familyIdOf(caller: ApiCaller): Promise<string> {
  const { body } = await caller.call<{ id: string }>('GET', '/api/family');
  return body.id;
}

/** Write rows to an account (one made-up upload holds them); their ids, in order. */
export async function seedRows(
  familyId: string,
  accountId: string,
  rows: readonly SeedRow[],
): Promise<TransactionItem[]> {
  const uploadId = ulid();
  const items = rows.map((r, i): TransactionItem => {
    const amount = Math.abs(r.signed ?? 10 + i);
    const type = r.type === undefined ? ((r.signed ?? 0) >= 0 ? 'credit' : 'debit') : r.type;
    return {
      id: `seed${ulid()}`,
      family_id: familyId,
      account_id: accountId,
      upload_id: uploadId,
      transaction_date: r.date,
      description: r.description,
      amount,
      signed_amount: r.signed as number,
      type: type as 'credit' | 'debit',
      balance: null,
      flow_type: r.flow_type ?? null,
      user_corrected_flow_type: r.corrected ?? null,
      classification_confidence: r.confidence ?? null,
      classification_method: r.corrected ? 'user_corrected' : r.flow_type ? 'ai_auto' : null,
      created_at: new Date().toISOString(),
      position: i,
    };
  });
  // Absent fields, not nulls, where the seed says so: some bad rows have no attribute at all.
  for (const item of items) {
    if (item.type === null) delete (item as Partial<TransactionItem>).type;
  }
  await putNewTransactions(items);
  return items;
}
