import type { Transaction } from '../../../../functions/contracts/transactions';
import { moneyDirection } from '../../../../functions/domain/flow-direction';
import { effectiveFlowType, flowTypeLabel } from '../../../../functions/domain/flow-types';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';

/**
 * The latest processed transactions (spec 2 §2): Date, Description, Amount, Type, Flow Type, Balance, in the
 * kit's table (amounts with the product's minus sign); on a phone a list of rows with the date, description,
 * amount and flow type.
 */
const TYPE_LABELS = { credit: 'Credit', debit: 'Debit' } as const;

const signed = (t: Transaction) => (moneyDirection(t) === 'out' ? -Math.abs(t.amount) : Math.abs(t.amount));

const COLUMNS: DataTableColumn<Transaction>[] = [
  { id: 'date', header: 'Date', cell: (t) => <DateText date={t.transaction_date} />, phone: 'detail' },
  { id: 'description', header: 'Description', cell: (t) => t.description, wrap: true, phone: 'title' },
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (t) => <Money amount={signed(t)} tone="auto" />,
    phone: 'end',
  },
  { id: 'type', header: 'Type', cell: (t) => (t.type ? TYPE_LABELS[t.type] : '—') },
  {
    id: 'flow',
    header: 'Flow Type',
    cell: (t) => {
      const flow = effectiveFlowType(t);
      return <span className={`upload-flow upload-flow-${flow}`}>{flowTypeLabel(flow)}</span>;
    },
    phone: 'detail',
  },
  {
    id: 'balance',
    header: 'Balance',
    align: 'end',
    cell: (t) => (t.balance === null ? '—' : <Money amount={t.balance} />),
  },
];

export function RecentTransactions({ transactions }: { transactions: readonly Transaction[] }) {
  return (
    <DataTable
      caption="Recently processed transactions, newest first"
      columns={COLUMNS}
      rows={transactions}
      getRowId={(t) => t.id}
    />
  );
}
