import type { Block } from './blocks';
import { readContext, type StatementContext } from './context';
import { type Assembly, assemble } from './entries';
import { type Cut, type Found, type FoundTable, findTable } from './find-table';
import type { Row } from './geometry';
import { panelRows } from './layout';
import { accountKindOf } from './readings';
import { removeRepeatedRuns } from './repeated-runs';
import type { AccountKind, ReadStatementOptions } from './types';

/**
 * `readOnce`'s first step (stages 1 to 3 for one reading): the table found and its rows read (`findTable`),
 * the rows joined into entries (`assemble`), repeated runs dropped, and what the statement prints outside its
 * table read (`readContext`), which names the kind of account.
 */

/** The table one reading works from, its entries, and what the statement says outside it. */
export interface TableRead extends FoundTable {
  assembly: Assembly;
  /** The rows the table does not use, and the side panels printed level with its rows and headings. */
  contextRows: Row[];
  context: StatementContext;
  kind: AccountKind;
}

/**
 * The table for one reading, as entries, with what the statement prints outside it. With `cut`, the table
 * ends early (null when it has no such place); `probe` learns what the table finder saw; without
 * `totalCloses`, 'TOTAL BALANCE' is not a closing label.
 */
export function readEntries(
  blocks: readonly Block[],
  options: ReadStatementOptions,
  cut: Cut | undefined,
  probe: Found | undefined,
  totalCloses: boolean,
): TableRead | 'no_text' | 'no_transaction_table' | null {
  const table = findTable(blocks, cut, probe, totalCloses);
  if (table === null || typeof table === 'string') return table;
  const { allRows, headingRows, origin, inferred, allowInteger, panels, tableRows, warnings, before } = table;
  const assembly = assemble(tableRows);
  for (const [half, row] of origin) if (assembly.used.has(half)) assembly.used.add(row);
  // What the statement says outside its table: the rows the table does not use, and the side panels
  // printed level with the table's rows and headings.
  // A line the table leaves unused is read apart from the panel beside it: a 'CR' printed under a table
  // figure, level with a panel's 'Previous balance £231.40', is not that balance's mark.
  const contextRows = allRows.filter(before).flatMap((r) => {
    const words = panels.get(r);
    if (!assembly.used.has(r) && !headingRows.has(r)) {
      if (!words) return [r];
      const inside = r.words.filter((w) => !words.includes(w));
      return [...panelRows(r, words), ...(inside.length ? [{ ...r, words: inside }] : [])];
    }
    return words ? panelRows(r, words) : [];
  });
  const context = readContext(contextRows, allowInteger, totalCloses);
  const kind = accountKindOf(context, options);
  warnings.push(...assembly.warnings);
  if (inferred) {
    warnings.push(
      'The transaction table has no headings that could be read; its columns are taken from where the figures stand.',
    );
  }
  removeRepeatedRuns(assembly, warnings);
  return { ...table, assembly, contextRows, context, kind };
}
