import type { Transaction } from '../../../../../functions/contracts/transactions';
import { flowDirection } from '../../../../../functions/domain/flow-direction';
import { roundMoney } from '../../../../../functions/domain/money';

/**
 * The section's summary, computed from the rows loaded: how many, money in and money out (each row's
 * direction by the domain's rule: signed amount, else credit/debit, else flow type; rows of unknown direction
 * count in neither).
 */
export interface RowsSummary {
  count: number;
  moneyIn: number;
  moneyOut: number;
  net: number;
}

export function summariseRows(rows: Iterable<Transaction>): RowsSummary {
  let count = 0;
  let moneyIn = 0;
  let moneyOut = 0;
  for (const row of rows) {
    count++;
    const signed = flowDirection(row).signedAmount;
    if (signed > 0) moneyIn += signed;
    else if (signed < 0) moneyOut -= signed;
  }
  return {
    count,
    moneyIn: roundMoney(moneyIn),
    moneyOut: roundMoney(moneyOut),
    net: roundMoney(moneyIn - moneyOut),
  };
}
