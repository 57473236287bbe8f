import { describe, expect, it } from 'vitest';
import { FREEHAND_APPS } from '../../fixtures/statements/freehand-apps';
import { readDrawn, rowsOf } from './freehand-support';

/**
 * Statements of the UK's app-based, challenger and e-money accounts drawn freehand
 * (tests/fixtures/statements/freehand-apps.ts): each layout read from its text layer, every row exact.
 */
describe('app, challenger and e-money account statements drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_APPS) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});
