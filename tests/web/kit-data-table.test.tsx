import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '../../web/src/components/DataTable';
import { Money } from '../../web/src/components/Money';

/**
 * The kit's DataTable: a captioned table whose rows can be selected one by one or all at once, sorted by a
 * header (click or keyboard, announced with aria-sort), and which draws only a window of a long table while
 * telling screen readers the full row count.
 */
interface Row {
  id: string;
  payee: string;
  amount: number;
}
const COLUMNS: DataTableColumn<Row>[] = [
  { id: 'payee', header: 'Payee', cell: (r) => r.payee, sortValue: (r) => r.payee },
  {
    id: 'amount',
    header: 'Amount',
    cell: (r) => <Money amount={r.amount} />,
    sortValue: (r) => r.amount,
    align: 'end',
  },
  { id: 'note', header: 'Note', cell: () => '—' },
];
const ROWS: Row[] = [
  { id: 'a', payee: 'Tesco', amount: -12.5 },
  { id: 'b', payee: 'Salary', amount: 2100 },
  { id: 'c', payee: 'Octopus Energy', amount: -88 },
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const payees = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]?.textContent);

/** A parent that keeps the selection in its state and passes new functions on every render. */
function Parent() {
  const [ids, setIds] = useState<string[]>([]);
  return (
    <>
      <DataTable
        caption="Recent transactions"
        columns={COLUMNS}
        rows={ROWS}
        getRowId={(r) => r.id}
        rowLabel={(r) => r.payee}
        selectable
        onSelectionChange={setIds}
      />
      <p data-testid="ids">{ids.join(',')}</p>
    </>
  );
}

describe('DataTable', () => {
  it('is a captioned table in a labelled, focusable scrolling region', () => {
    render(<DataTable caption="Recent transactions" columns={COLUMNS} rows={ROWS} getRowId={(r) => r.id} />);
    expect(screen.getByRole('table', { name: 'Recent transactions' })).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Recent transactions' });
    expect(region.tabIndex).toBe(0);
    for (const name of ['Payee', 'Amount', 'Note'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    expect(payees()).toEqual(['Tesco', 'Salary', 'Octopus Energy']);
  });

  it('selects one row, then all rows, and reports the selected ids', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(
      <DataTable
        caption="Recent transactions"
        columns={COLUMNS}
        rows={ROWS}
        getRowId={(r) => r.id}
        rowLabel={(r) => r.payee}
        selectable
        onSelectionChange={onSelectionChange}
      />,
    );
    const all = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
    await user.click(screen.getByRole('checkbox', { name: 'Select Salary' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['b']);
    expect((screen.getByRole('checkbox', { name: 'Select Salary' }) as HTMLInputElement).checked).toBe(true);
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('1 of 3 selected');
    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith(['a', 'b', 'c']);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    // Space on a focused row checkbox toggles it, as on any checkbox.
    screen.getByRole('checkbox', { name: 'Select Tesco' }).focus();
    await user.keyboard(' ');
    expect(onSelectionChange).toHaveBeenLastCalledWith(['b', 'c']);
    await user.click(all);
    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
  });

  it('works with a parent that keeps the selection in its state and passes new functions each render', async () => {
    const user = userEvent.setup();
    render(<Parent />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Octopus Energy' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Tesco' }));
    expect(screen.getByTestId('ids').textContent).toBe('a,c');
  });

  it('sorts by a header: click for ascending, Enter for descending, announced with aria-sort', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Recent transactions" columns={COLUMNS} rows={ROWS} getRowId={(r) => r.id} />);
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Amount').getAttribute('aria-sort')).toBeNull();
    expect(within(header('Note')).queryByRole('button')).toBeNull(); // not sortable
    await user.click(within(header('Amount')).getByRole('button'));
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    expect(payees()).toEqual(['Octopus Energy', 'Tesco', 'Salary']);
    within(header('Amount')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    expect(payees()).toEqual(['Salary', 'Tesco', 'Octopus Energy']);
    await user.keyboard(' ');
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header('Payee')).getByRole('button'));
    expect(header('Payee').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Amount').getAttribute('aria-sort')).toBeNull();
    expect(payees()).toEqual(['Octopus Energy', 'Salary', 'Tesco']);
  });

  it('draws only a window of a 5,000-row table, with the full count for screen readers', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: `r${i}`, payee: `Payee ${i}`, amount: i }));
    render(
      <DataTable
        caption="Many transactions"
        columns={COLUMNS}
        rows={rows}
        getRowId={(r) => r.id}
        selectable
        maxHeight={400}
      />,
    );
    const table = screen.getByRole('table', { name: 'Many transactions' });
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    const drawn = table.querySelectorAll('tbody tr[aria-rowindex]');
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(60);
    expect(drawn[0]?.getAttribute('aria-rowindex')).toBe('2');
    // Select all covers every row, not only those drawn.
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeTruthy();
  });

  it('shows its empty state when there are no rows', () => {
    render(
      <DataTable
        caption="Nothing"
        columns={COLUMNS}
        rows={[]}
        getRowId={(r) => r.id}
        empty={<p>No transactions to show.</p>}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No transactions to show.')).toBeTruthy();
  });
});

describe('DataTable at phone width: a list of rows by TanStack column visibility', () => {
  const PHONE_COLUMNS: DataTableColumn<Row>[] = [
    { id: 'payee', header: 'Payee', cell: (r) => r.payee, sortValue: (r) => r.payee, phone: 'title' },
    {
      id: 'amount',
      header: 'Amount',
      cell: (r) => <Money amount={r.amount} />,
      sortValue: (r) => r.amount,
      align: 'end',
      phone: 'end',
    },
    { id: 'kind', header: 'Kind', cell: () => 'Card', phone: 'detail', phoneLabel: true },
    { id: 'note', header: 'Note', cell: () => 'hidden on a phone' },
  ];
  /** The window as a phone's: the kit's phone query matches. */
  function asPhone(phone: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: phone && query === '(max-width: 40rem)',
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
  }

  it('on a phone: the title, the amount and the details of each row; the other columns left out', async () => {
    asPhone(true);
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(
      <DataTable
        caption="Payments"
        columns={PHONE_COLUMNS}
        rows={ROWS}
        getRowId={(r) => r.id}
        rowLabel={(r) => r.payee}
        selectable
        onSelectionChange={onSelectionChange}
      />,
    );
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(table.closest('.data-table')?.className).toContain('data-table-cards');
    expect(screen.queryByText('hidden on a phone')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Note' })).toBeNull();
    const first = bodyRows()[0]!;
    expect(first.querySelector('.data-table-title')?.textContent).toBe('Tesco');
    expect(first.querySelector('.data-table-end')?.textContent).toBe('\u2212£12.50');
    expect(first.querySelector('.data-table-detail')?.textContent).toBe('Kind: Card');
    // Selection and sorting work as on a larger screen.
    await user.click(screen.getByRole('checkbox', { name: 'Select Salary' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['b']);
    expect(screen.getByText('1 of 3 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Amount/ }));
    expect(bodyRows().map((r) => r.querySelector('.data-table-title')?.textContent)).toEqual([
      'Octopus Energy',
      'Tesco',
      'Salary',
    ]);
    vi.unstubAllGlobals();
  });

  it('on a larger screen: every column, no phone places, no label before a cell', () => {
    asPhone(false);
    render(<DataTable caption="Payments" columns={PHONE_COLUMNS} rows={ROWS} getRowId={(r) => r.id} />);
    expect(screen.getAllByText('hidden on a phone')).toHaveLength(3);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Payee↕',
      'Amount↕',
      'Kind',
      'Note',
    ]);
    expect(document.querySelector('.data-table-cards, .data-table-title')).toBeNull();
    expect(screen.getAllByText('Card')).toHaveLength(3);
    vi.unstubAllGlobals();
  });
});
