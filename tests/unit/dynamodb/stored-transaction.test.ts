import { describe, expect, it } from 'vitest';
import { keys } from '../../../functions/adapters/dynamodb/keys';
import { type TransactionItem, toStored } from '../../../functions/adapters/dynamodb/transaction-repository';

/**
 * A row as it is stored: its keys, the unclassified index while it has no flow type, `entity`, its fields and
 * its holders, in that order, exactly as the object spread `{ ...key, ...unclassified, entity, ...item,
 * upload_ids }` gives it (toStored builds it by assignment, which V8 does far faster for many rows).
 */
const spread = (item: TransactionItem) => {
  const key = keys.transaction(item.family_id, item.account_id, item.transaction_date, item.id);
  const unclassified = item.flow_type
    ? {}
    : keys.unclassifiedIndex(item.family_id, item.transaction_date, item.account_id, item.id);
  return { ...key, ...unclassified, entity: 'transaction', ...item, upload_ids: new Set([item.upload_id]) };
};

const row = (changes: Partial<TransactionItem> & Record<string, unknown> = {}): TransactionItem => ({
  id: 'fp1',
  family_id: 'F1',
  account_id: 'A1',
  upload_id: 'U1',
  transaction_date: '2025-01-31',
  description: 'TESCO STORES 2041',
  amount: 23.4,
  signed_amount: -23.4,
  type: 'debit',
  balance: null,
  flow_type: null,
  user_corrected_flow_type: null,
  classification_confidence: null,
  classification_method: null,
  created_at: '2025-02-01T00:00:00.000Z',
  position: 3,
  ...changes,
});

describe('toStored: a row as stored, attribute for attribute and in order', () => {
  it.each([
    ['unclassified (in the unclassified index)', row()],
    [
      'classified and categorised',
      row({ flow_type: 'external_expense', category_id: 'food', merchant_name: null }),
    ],
    ['from an export, not checked', row({ origin: 'export', not_checked: true, flow_type: 'income' })],
    ['holding holders already (replaced by its writer alone)', row({ upload_ids: new Set(['U0', 'U1']) })],
  ])('%s', (_, item) => {
    const before = structuredClone(item);
    const stored = toStored(item);
    const expected = spread(item);
    expect(Object.keys(stored)).toEqual(Object.keys(expected));
    expect(stored).toEqual(expected);
    expect(item).toEqual(before); // the row itself is left as it was
  });
});
