import { describe, expect, it } from 'vitest';
import { FREEHAND_PAGES } from '../../fixtures/statements/freehand-pages';
import { readDrawn, rowsOf } from './freehand-support';

/**
 * Current-account statements drawn freehand with the PDF and page mechanics real statements have
 * (tests/fixtures/statements/freehand-pages.ts): each layout read from its text layer, every row exact.
 */

describe('current accounts with page mechanics drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_PAGES) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});
