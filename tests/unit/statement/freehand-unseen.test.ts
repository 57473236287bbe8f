import { describe, expect, it } from 'vitest';
import { FREEHAND_UNSEEN } from '../../fixtures/statements/freehand-unseen';
import { readDrawn, rowsOf } from './freehand-support';

/**
 * UK banks and card issuers not drawn before (tests/fixtures/statements/freehand-unseen.ts), carrying in new
 * combinations the traits a held-back set of real statements showed the reader failing on: each layout read
 * from its text layer, every row exact; each trait on hand-built blocks.
 */
describe('statements of banks and card issuers not drawn before, text layer: every row exact', () => {
  for (const layout of FREEHAND_UNSEEN) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});
