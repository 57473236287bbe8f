import { useMemo, useState } from 'react';
import { Combobox } from '../../components/Combobox';
import type { DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import type { SampleBank, SampleTransaction } from './sample-data';

/** The demo pages' shared parts: a bank picker on the kit's Combobox, and the sample table's columns. */
export const SAMPLE_COLUMNS: DataTableColumn<SampleTransaction>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (t) => <DateText date={t.date} />,
    sortValue: (t) => t.date,
    phone: 'detail',
  },
  {
    id: 'description',
    header: 'Description',
    cell: (t) => t.description,
    sortValue: (t) => t.description,
    wrap: true,
    phone: 'title',
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: (t) => <Money amount={t.amount} tone="auto" />,
    sortValue: (t) => t.amount,
    align: 'end',
    phone: 'end',
  },
];

export function BankPicker({
  label,
  banks,
  loading = false,
  message,
}: {
  label: string;
  banks: readonly SampleBank[];
  loading?: boolean;
  message?: string;
}) {
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<SampleBank | null>(null);
  const items = useMemo(
    () => banks.filter((b) => b.name.toLowerCase().includes(query.trim().toLowerCase())),
    [banks, query],
  );
  return (
    <Combobox<SampleBank>
      label={label}
      listLabel="Banks"
      placeholder="Search banks…"
      items={items}
      itemKey={(b) => b.id}
      itemText={(b) => b.name}
      renderItem={(b) => (
        <>
          <span className="option-name">{b.name}</span>
          <span className="option-type">{b.kind}</span>
        </>
      )}
      inputValue={picked ? picked.name : query}
      onInputChange={(value) => {
        if (picked && value === picked.name) return;
        setQuery(value);
        setPicked(null);
      }}
      selected={picked}
      onSelect={(bank) => {
        setPicked(bank);
        setQuery('');
      }}
      isLoading={loading}
      message={message ?? (loading ? 'Loading banks…' : undefined)}
      emptyMessage="No matches. Try another name."
    />
  );
}
