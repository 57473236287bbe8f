import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  createSortedRowModel,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type ChangeEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery';
import './kit.css';

/**
 * A data table on TanStack Table (sorting, row selection) and TanStack Virtual (only the rows in view are in
 * the page, so thousands of rows scroll smoothly). It stays a real <table>: a caption names it, sortable
 * headers are buttons (click, Enter or Space) with aria-sort on the header cell, selection is a checkbox per
 * row plus 'Select all', and a virtualised table tells screen readers the full row count (aria-rowcount) and
 * each row's place (aria-rowindex). Cells do not wrap unless their column allows it. It scrolls inside its own
 * labelled, keyboard-focusable region.
 *
 * At phone width (PHONE_QUERY) a table whose columns say where they go on a phone (`phone`) becomes a list of
 * rows with no sideways scrolling: each row a card with its title (the description), its amount at the end and
 * a line of details (date, flow type, category) under the title; the other columns are hidden by TanStack's
 * column visibility. It stays the same table to assistive technology (explicit table roles, since the cards
 * are laid out with CSS), and selection, sorting and every cell's controls work as on a larger screen.
 */
/**
 * Where a column goes in a phone's list of rows: 'title' (the row's name, wraps), 'end' (the figure at the
 * end of the title's line, e.g. the amount), 'detail' (the line under the title), 'lead' (a control before
 * the title, e.g. the row's own checkbox). A column without one is hidden on a phone.
 */
export type PhonePlace = 'title' | 'end' | 'detail' | 'lead';

export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?(row: T): string | number;
  align?: 'start' | 'end';
  /** Lets long text wrap (cells do not wrap otherwise). */
  wrap?: boolean;
  /** Where the column goes at phone width; without it the column is hidden there (see PhonePlace). */
  phone?: PhonePlace;
  /** In a phone's list of rows, the cell is preceded by the column's header ('Last Month: £2,402'). */
  phoneLabel?: boolean;
  /** The column names each row (its cells are row headers). */
  rowHeader?: boolean;
}

export interface DataTableProps<T> {
  caption: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  getRowId(row: T): string;
  /** Names a row's checkbox: 'Select {rowLabel}'. */
  rowLabel?(row: T): string;
  selectable?: boolean;
  onSelectionChange?(ids: string[]): void;
  initialSort?: { id: string; desc?: boolean };
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** The scrolling region's height limit in px (virtualised tables scroll within it). */
  maxHeight?: number;
  /** Tables longer than this are virtualised. */
  virtualiseFrom?: number;
}

const features = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  rowSelectionFeature,
  sortedRowModel: createSortedRowModel(),
});

const ROW_HEIGHT = 45;
const SORT_LABEL = { asc: 'ascending', desc: 'descending' } as const;

/** Numbers by value; text in en-GB order with the numbers in it compared as numbers ('Item 2' < 'Item 10'). */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { numeric: true, sensitivity: 'base' });
}

function cellClass(
  column: { align?: 'start' | 'end'; wrap?: boolean; phone?: PhonePlace } | undefined,
  cards: boolean,
): string | undefined {
  return (
    [
      column?.align === 'end' && 'num',
      column?.wrap && 'wrap',
      cards && column?.phone && `data-table-${column.phone}`,
    ]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

/** A row's checkbox with a touch target of 44 px: the label around it takes the tap. */
export function RowCheckbox({
  label,
  checked,
  indeterminate = false,
  onChange,
  className,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  className?: string;
}) {
  return (
    <label className="row-check">
      <input
        type="checkbox"
        className={className}
        aria-label={label}
        checked={checked}
        ref={(el) => {
          if (el) el.indeterminate = indeterminate;
        }}
        onChange={onChange}
      />
    </label>
  );
}

function apply<S>(updater: Updater<S>, old: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(old) : updater;
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { caption, rows, getRowId, selectable = false, maxHeight = 480, virtualiseFrom = 100 } = props;
  const captionId = useId();
  const [sorting, setSorting] = useState<SortingState>(
    props.initialSort ? [{ id: props.initialSort.id, desc: props.initialSort.desc ?? false }] : [],
  );
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const phone = useMediaQuery(PHONE_QUERY);
  const cards = phone && props.columns.some((column) => column.phone);
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () =>
      cards ? Object.fromEntries(props.columns.map((column) => [column.id, Boolean(column.phone)])) : {},
    [cards, props.columns],
  );
  const columns = useMemo<ColumnDef<typeof features, T, unknown>[]>(
    () =>
      props.columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: T) => (column.sortValue ? column.sortValue(row) : ''),
        enableSorting: Boolean(column.sortValue),
        sortFn: (a, b, id) => compareValues(a.getValue(id), b.getValue(id)),
        cell: (context) => column.cell(context.row.original),
      })),
    [props.columns],
  );
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row) => getRowId(row),
    enableRowSelection: selectable,
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: { sorting, rowSelection, columnVisibility },
    onSortingChange: (updater) => setSorting((old) => apply(updater, old)),
    onRowSelectionChange: (updater) => {
      const next = apply(updater, rowSelection);
      setRowSelection(next);
      // In the rows' own order.
      props.onSelectionChange?.(rows.map(getRowId).filter((id) => next[id]));
    },
  });

  const scrollRef = useRef<HTMLElement>(null);
  const tableRows = table.getRowModel().rows;
  const virtual = tableRows.length > virtualiseFrom;
  const virtualizer = useVirtualizer({
    count: virtual ? tableRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 0, height: maxHeight },
    // A row not laid out yet (or where there is no layout) counts as the usual height.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || ROW_HEIGHT,
    // Until the region has been laid out (or where there is no layout), draw rows for its full height.
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : { ...rect, height: maxHeight })),
  });

  if (rows.length === 0 && props.empty) return <>{props.empty}</>;

  const items = virtual ? virtualizer.getVirtualItems() : [];
  const shown = virtual ? items.map((item) => ({ row: tableRows[item.index], index: item.index })) : null;
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const columnCount = table.getVisibleLeafColumns().length + (selectable ? 1 : 0);
  // Cards are laid out with CSS, which would take the table's meaning away: the roles say it again.
  const role = (name: string) => (cards ? name : undefined);
  const allSelected = table.getIsAllRowsSelected();
  const someSelected = table.getIsSomeRowsSelected();
  const selectedCount = Object.values(rowSelection).filter(Boolean).length;

  return (
    <div className={cards ? 'data-table data-table-cards' : 'data-table'}>
      {selectable && (
        <p className="data-table-status" role="status">
          {selectedCount > 0 ? `${selectedCount} of ${rows.length} selected` : ''}
        </p>
      )}
      <section
        ref={scrollRef}
        className="data-table-scroll"
        // A phone's short list of rows is part of the page (no scroll box inside the page's own scroll).
        style={{ maxHeight: cards && !virtual ? undefined : maxHeight }}
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
        tabIndex={0}
      >
        <table role={role('table')} aria-rowcount={virtual ? tableRows.length + 1 : undefined}>
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <thead role={role('rowgroup')}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role={role('row')} aria-rowindex={virtual ? 1 : undefined}>
                {selectable && (
                  <th scope="col" role={role('columnheader')} className="data-table-select">
                    <RowCheckbox
                      label="Select all rows"
                      checked={allSelected}
                      indeterminate={someSelected && !allSelected}
                      onChange={table.getToggleAllRowsSelectedHandler()}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const column = props.columns.find((c) => c.id === header.column.id);
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      role={role('columnheader')}
                      className={
                        [
                          column?.align === 'end' && 'num',
                          cards && !header.column.getCanSort() && 'visually-hidden',
                        ]
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="data-table-sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {column?.header}
                          <span aria-hidden="true" className="data-table-sort-icon">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                          {sorted && <span className="visually-hidden">, sorted {SORT_LABEL[sorted]}</span>}
                        </button>
                      ) : (
                        column?.header
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody role={role('rowgroup')}>
            {padTop > 0 && (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row standing in for the rows out of view; nothing in it can take focus
              <tr aria-hidden="true" role={role('presentation')} className="data-table-spacer">
                <td colSpan={columnCount} style={{ height: padTop }} />
              </tr>
            )}
            {(shown ?? tableRows.map((row, index) => ({ row, index }))).map(({ row, index }) => {
              if (!row) return null;
              const selected = row.getIsSelected();
              return (
                <tr
                  key={row.id}
                  role={role('row')}
                  ref={virtual ? virtualizer.measureElement : undefined}
                  data-index={index}
                  aria-rowindex={virtual ? index + 2 : undefined}
                  className={selected ? 'is-selected' : undefined}
                >
                  {selectable && (
                    <td role={role('cell')} className="data-table-select">
                      <RowCheckbox
                        label={`Select ${props.rowLabel ? props.rowLabel(row.original) : `row ${index + 1}`}`}
                        checked={selected}
                        onChange={row.getToggleSelectedHandler()}
                      />
                    </td>
                  )}
                  {row.getVisibleCells().map((cell) => {
                    const column = props.columns.find((c) => c.id === cell.column.id);
                    return column?.rowHeader ? (
                      <th
                        key={cell.id}
                        scope="row"
                        role={role('rowheader')}
                        className={cellClass(column, cards)}
                      >
                        <table.FlexRender cell={cell} />
                      </th>
                    ) : (
                      <td key={cell.id} role={role('cell')} className={cellClass(column, cards)}>
                        {cards && column?.phoneLabel && (
                          <span className="data-table-label">{column.header}: </span>
                        )}
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {padBottom > 0 && (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row standing in for the rows out of view; nothing in it can take focus
              <tr aria-hidden="true" role={role('presentation')} className="data-table-spacer">
                <td colSpan={columnCount} style={{ height: padBottom }} />
              </tr>
            )}
          </tbody>
        </table>
      </section>
    </div>
  );
}
