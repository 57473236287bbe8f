import { describe, expect, it } from 'vitest';
import { FREEHAND_LOANS } from '../../fixtures/statements/freehand-loans';
import { readDrawn, rowsOf } from './freehand-support';

/**
 * Mortgages, loans and savings drawn freehand (tests/fixtures/statements/freehand-loans.ts): each layout read
 * from its text layer, every row exact, money owed returned as a card's is (balances as what is owed).
 */
describe('mortgage, loan and savings statements drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_LOANS) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});
