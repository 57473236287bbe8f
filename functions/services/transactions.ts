import { accountTransactions, type TransactionItem } from '../adapters/dynamodb/transaction-repository';
import type { Transaction } from '../contracts/transactions';
import type { FamilyContext } from '../shared/http';
import { requireAccount } from './uploads';

export function toTransaction(item: TransactionItem): Transaction {
  return {
    id: item.id,
    account_id: item.account_id,
    transaction_date: item.transaction_date,
    description: item.description,
    amount: item.amount,
    signed_amount: item.signed_amount ?? null,
    type: item.type ?? null,
    balance: item.balance ?? null,
    flow_type: item.flow_type ?? null,
    user_corrected_flow_type: item.user_corrected_flow_type ?? null,
    classification_confidence: item.classification_confidence ?? null,
    classification_method: item.classification_method ?? null,
    created_at: item.created_at,
  };
}

/** The latest transactions of one of the caller's family's accounts (another family's account: 404). */
export async function latestAccountTransactions(family: FamilyContext, accountId: string, limit: number) {
  await requireAccount(family.familyId, accountId);
  const items = await accountTransactions(family.familyId, accountId, { limit });
  return { transactions: items.map(toTransaction) };
}
