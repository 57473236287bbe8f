import { describe, expect, it } from 'vitest';
import { FREEHAND_STRUCTURE } from '../../fixtures/statements/freehand-structure';
import { readDrawn, rowsOf } from './freehand-support';

/**
 * Statements whose table structure is unusual, drawn freehand (tests/fixtures/statements/freehand-structure.ts):
 * each layout read from its text layer, every row exact.
 */
describe('statements with unusual table structures drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_STRUCTURE) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});
