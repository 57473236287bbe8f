import type { AccountType } from '../../../functions/contracts/accounts';

/** How account types read on screen (spec 2 §3 Account). */
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  current: 'Current account',
  savings: 'Savings account',
  credit: 'Credit card',
  isa: 'ISA',
  investment: 'Investment',
  mortgage: 'Mortgage',
};
