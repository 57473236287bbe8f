/**
 * Bulk selection of transaction rows (spec 3 §9): select one, select all, invert, a range with shift-click,
 * clear. Pure: the section keeps a SelectionState and applies these. The history keeps the last 5
 * operations, newest first.
 */
export const SELECTION_HISTORY_LIMIT = 5;

export interface SelectionState {
  selected: ReadonlySet<string>;
  /** The row a shift-click range starts from: the last row toggled without shift. */
  anchor: string | null;
  history: readonly string[];
}

export const EMPTY_SELECTION: SelectionState = { selected: new Set(), anchor: null, history: [] };

const rows = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'row' : 'rows'}`;

function withHistory(state: SelectionState, entry: string): readonly string[] {
  return [entry, ...state.history].slice(0, SELECTION_HISTORY_LIMIT);
}

/** A row ticked or unticked (without shift). */
export function toggleRow(state: SelectionState, id: string, label: string): SelectionState {
  const selected = new Set(state.selected);
  const adding = !selected.has(id);
  if (adding) selected.add(id);
  else selected.delete(id);
  return {
    selected,
    anchor: id,
    history: withHistory(state, `${adding ? 'Selected' : 'Unselected'} ${label}`),
  };
}

/**
 * Shift-click: every row from the anchor to `id` in `orderedIds` (one table's rows as shown) takes the state
 * the clicked row takes. Without an anchor in the same table it is a plain toggle.
 */
export function selectRange(
  state: SelectionState,
  id: string,
  orderedIds: readonly string[],
  label: string,
): SelectionState {
  const end = orderedIds.indexOf(id);
  const start = state.anchor === null ? -1 : orderedIds.indexOf(state.anchor);
  if (end < 0 || start < 0) return toggleRow(state, id, label);
  const [from, to] = start <= end ? [start, end] : [end, start];
  const adding = !state.selected.has(id);
  const selected = new Set(state.selected);
  const range = orderedIds.slice(from, to + 1);
  for (const rowId of range) {
    if (adding) selected.add(rowId);
    else selected.delete(rowId);
  }
  return {
    selected,
    anchor: id,
    history: withHistory(state, `${adding ? 'Selected' : 'Unselected'} a range of ${rows(range.length)}`),
  };
}

/** Every row shown. */
export function selectAll(state: SelectionState, ids: readonly string[]): SelectionState {
  return {
    selected: new Set(ids),
    anchor: null,
    history: withHistory(state, `Selected all ${rows(ids.length)}`),
  };
}

/** The rows shown swap: selected ones are unselected and the others selected. */
export function invertSelection(state: SelectionState, ids: readonly string[]): SelectionState {
  const selected = new Set(ids.filter((id) => !state.selected.has(id)));
  return {
    selected,
    anchor: null,
    history: withHistory(state, `Inverted the selection: ${rows(selected.size)} selected`),
  };
}

export function clearSelection(state: SelectionState): SelectionState {
  return { selected: new Set(), anchor: null, history: withHistory(state, 'Cleared the selection') };
}

/** Any other operation on the selection (an export, a copy), kept in the history. */
export function recordOperation(state: SelectionState, entry: string): SelectionState {
  return { ...state, history: withHistory(state, entry) };
}

/** Only the rows still shown stay selected (after a period change or a reload). */
export function keepShown(state: SelectionState, ids: ReadonlySet<string>): SelectionState {
  const selected = new Set([...state.selected].filter((id) => ids.has(id)));
  return selected.size === state.selected.size ? state : { ...state, selected };
}
