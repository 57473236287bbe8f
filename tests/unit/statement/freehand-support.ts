import { expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import {
  type ParsedStatement,
  type ReadStatementOptions,
  readStatement,
} from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import type { FreehandLayout, FreehandStatement } from '../../fixtures/statements/freehand';

/** Reads hand-built or extracted blocks; a failure to read throws with its reason and message. */
export function read(blocks: Block[], options: ReadStatementOptions = {}): ParsedStatement {
  const result = readStatement(blocks, options);
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}

/**
 * Draws a freehand statement and reads it from its text layer as the pipeline does, with no reference date:
 * the year must come from the statement itself.
 */
export async function readDrawn(layout: { draw: () => Promise<FreehandStatement> }) {
  const { pdf, truth } = await layout.draw();
  const text = await extractTextLayer(new Uint8Array(pdf));
  if (!text.ok) throw new Error(text.message);
  return { statement: read(text.blocks), truth };
}

/** A statement's rows in the answer key's shape (date, description, signed amount, printed balance). */
export const rowsOf = (s: ParsedStatement) =>
  s.transactions.map(({ date, description, signedAmount, balance }) => ({
    date,
    description,
    signedAmount,
    balance,
  }));

/**
 * One test a layout: read from its text layer as the pipeline reads it, every row exact, the opening and
 * closing as printed, and the reading reconciled.
 */
export function itReadsEachExactly(layouts: readonly FreehandLayout[]): void {
  for (const layout of layouts) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
}
