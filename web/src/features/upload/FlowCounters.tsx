import { useId } from 'react';
import type { Transaction } from '../../../../functions/contracts/transactions';
import { effectiveFlowType } from '../../../../functions/domain/flow-types';

/**
 * Summary counters (spec 2 §2): how many of the transactions shown below are income, transfers between the
 * family's own accounts and expenses. They count transactions, not money, and only the ones listed: the caption
 * says so, so a family does not read "Income 12" as twelve pounds or as the whole account.
 */
const COUNTERS = [
  ['income', 'Income'],
  ['internal_transfer', 'Internal Transfers'],
  ['external_expense', 'External Expenses'],
] as const;

export function FlowCounters({ transactions }: { transactions: readonly Transaction[] }) {
  const captionId = useId();
  const count = (flow: (typeof COUNTERS)[number][0]) =>
    transactions.filter((t) => effectiveFlowType(t) === flow).length;
  const n = transactions.length;
  return (
    <figure className="upload-counters-figure">
      <figcaption id={captionId} className="upload-counters-caption">
        Number of transactions by flow type, of the {n} {n === 1 ? 'transaction' : 'transactions'} shown below
      </figcaption>
      <dl className="upload-counters" aria-labelledby={captionId}>
        {COUNTERS.map(([flow, label]) => (
          <div key={flow} className={`upload-counter upload-flow-${flow}`}>
            <dt>{label}</dt>
            <dd>{count(flow)}</dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
