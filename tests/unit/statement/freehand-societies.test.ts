import { describe, expect, it } from 'vitest';
import { FREEHAND_SOCIETIES } from '../../fixtures/statements/freehand-societies';
import { readDrawn, rowsOf } from './freehand-support';

/**
 * Building societies, Northern Irish, Welsh, Islamic and business accounts drawn freehand
 * (tests/fixtures/statements/freehand-societies.ts), and the traits they showed the reader did not yet read:
 * each layout read from its text layer, every row exact; each trait on hand-built blocks.
 */
describe('society, regional and business statements drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_SOCIETIES) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});
