import { describe, expect, it } from 'vitest';
import { FREEHAND_PRODUCERS } from '../../fixtures/statements/freehand-producers';
import { readDrawn, rowsOf } from './freehand-support';

/**
 * Statements whose text layers carry the mechanics of other PDF producers
 * (tests/fixtures/statements/freehand-producers.ts): each layout read from its text layer, every row exact;
 * each trait on hand-built blocks.
 */
describe('statements from other PDF producers drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_PRODUCERS) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});
