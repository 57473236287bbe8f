import { describe, expect, it } from 'vitest';
import { FREEHAND_BANKS } from '../../fixtures/statements/freehand-banks';
import { readDrawn, rowsOf } from './freehand-support';

describe('bank current and savings accounts drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_BANKS) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});
