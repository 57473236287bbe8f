import { describe, expect, it } from 'vitest';
import { FREEHAND_ACCESS } from '../../fixtures/statements/freehand-access';
import { readDrawn, rowsOf } from './freehand-support';

/**
 * Statements in the forms families receive other than the standard print, drawn freehand
 * (tests/fixtures/statements/freehand-access.ts): Welsh and bilingual statements, large print, a browser's
 * print of internet banking, day and page totals, an annual savings statement. Each layout read from its
 * text layer, every row exact; each trait on hand-built blocks.
 */
describe('statements in other forms drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_ACCESS) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});
