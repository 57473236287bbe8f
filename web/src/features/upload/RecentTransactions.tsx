import { useId } from 'react';
import type { Transaction } from '../../../../functions/contracts/transactions';
import { moneyDirection } from '../../../../functions/domain/flow-direction';
import { effectiveFlowType, flowTypeLabel } from '../../../../functions/domain/flow-types';
import { formatDateMedium, formatMoney } from '../../../../functions/domain/format';

/**
 * The latest processed transactions (spec 2 §2): Date, Description, Amount, Type, Flow Type, Balance. On narrow
 * screens the table scrolls sideways inside its own labelled, keyboard-focusable region.
 */
const TYPE_LABELS = { credit: 'Credit', debit: 'Debit' } as const;

export function RecentTransactions({ transactions }: { transactions: readonly Transaction[] }) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <section className="upload-table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className="upload-table">
        <caption id={captionId} className="visually-hidden">
          Recently processed transactions, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Type</th>
            <th scope="col">Flow Type</th>
            <th scope="col" className="num">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((t) => {
            const flow = effectiveFlowType(t);
            const out = moneyDirection(t) === 'out';
            return (
              <tr key={t.id}>
                <td className="nowrap">{formatDateMedium(t.transaction_date)}</td>
                <td>{t.description}</td>
                <td className={`num ${out ? 'money-out' : 'money-in'}`}>
                  {formatMoney(out ? -Math.abs(t.amount) : Math.abs(t.amount))}
                </td>
                <td>{t.type ? TYPE_LABELS[t.type] : '—'}</td>
                <td>
                  <span className={`upload-flow upload-flow-${flow}`}>{flowTypeLabel(flow)}</span>
                </td>
                <td className="num">{t.balance === null ? '—' : formatMoney(t.balance)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
