import { describe, expect, it } from 'vitest';
import { accountTypes } from '../../../functions/contracts/accounts';
import { serviceTypeCodes } from '../../../functions/contracts/institutions';
import { statementTransactionSchema } from '../../../functions/contracts/statement';
import { subscriptionInfoSchema } from '../../../functions/contracts/subscription';
import { flowTypes, transactionSchema } from '../../../functions/contracts/transactions';
import { SUBSCRIPTION_STATUSES } from '../../../functions/domain/subscription';
import { ACCOUNT_TYPES, FLOW_TYPES, SERVICE_CODES, TRANSACTION_TYPES } from '../../../functions/domain/types';

/**
 * The API's value lists are the domain's, not copies of them: a flow type, service code or account type
 * added to the domain is accepted by the contracts (and offered by the SPA) at once.
 */
describe('contracts take their value lists from the domain', () => {
  it('flow types, service codes and account types are the domain’s own arrays', () => {
    expect(flowTypes).toBe(FLOW_TYPES);
    expect(serviceTypeCodes).toBe(SERVICE_CODES);
    expect(accountTypes).toBe(ACCOUNT_TYPES);
  });

  it('transaction types and subscription statuses: the schemas accept the domain’s values and no other', () => {
    const accepts = (schema: { safeParse(v: unknown): { success: boolean } }, values: readonly string[]) =>
      [...values, 'something else'].map((v) => schema.safeParse(v).success);
    const all = (values: readonly string[]) => [...values.map(() => true), false];
    expect(accepts(statementTransactionSchema.shape.type, TRANSACTION_TYPES)).toEqual(all(TRANSACTION_TYPES));
    expect(accepts(transactionSchema.shape.type, TRANSACTION_TYPES)).toEqual(all(TRANSACTION_TYPES));
    expect(accepts(subscriptionInfoSchema.shape.status, SUBSCRIPTION_STATUSES)).toEqual(
      all(SUBSCRIPTION_STATUSES),
    );
  });
});
