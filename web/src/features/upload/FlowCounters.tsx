import type { Transaction } from '../../../../functions/contracts/transactions';
import { effectiveFlowType } from '../../../../functions/domain/flow-types';

/** Summary counters (spec 2 §2): how many of the shown transactions are income, transfers and expenses. */
const COUNTERS = [
  ['income', 'Income'],
  ['internal_transfer', 'Internal Transfers'],
  ['external_expense', 'External Expenses'],
] as const;

export function FlowCounters({ transactions }: { transactions: readonly Transaction[] }) {
  const count = (flow: (typeof COUNTERS)[number][0]) =>
    transactions.filter((t) => effectiveFlowType(t) === flow).length;
  return (
    <dl className="upload-counters">
      {COUNTERS.map(([flow, label]) => (
        <div key={flow} className={`upload-counter upload-flow-${flow}`}>
          <dt>{label}</dt>
          <dd>{count(flow)}</dd>
        </div>
      ))}
    </dl>
  );
}
