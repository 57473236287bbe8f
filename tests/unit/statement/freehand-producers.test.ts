import { describe, expect, it } from 'vitest';
import { isAmountAffix } from '../../../functions/domain/statement/amounts';
import { FREEHAND_PRODUCERS } from '../../fixtures/statements/freehand-producers';
import { pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * Statements whose text layers carry the mechanics of other PDF producers
 * (tests/fixtures/statements/freehand-producers.ts): each layout read from its text layer, every row exact;
 * each trait on hand-built blocks.
 */
describe('statements from other PDF producers drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_PRODUCERS);
});

describe("a sign glued to the pound sign, the figure after a no-break space ('−£ 45.00')", () => {
  // Evidence: online-banking statement pages printed to PDF from a browser (Cater Allen, and design systems
  // that write '−£&nbsp;45.00' with U+2212 so the sign and '£' never part from the figure); the text layer
  // holds '−£' and '45.00' as two words.
  it('is an affix of the figure after it, as a plain sign or pound sign is', () => {
    expect(isAmountAffix('\u2212£')).toBe('before');
    expect(isAmountAffix('-£')).toBe('before');
    expect(isAmountAffix('+£')).toBe('before');
    expect(isAmountAffix('£-')).toBe('before');
    expect(isAmountAffix('-x')).toBeNull();
  });
  it('reads the signed amounts of a statement printing them so, the sign never in the description', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Current Account statement 1 April 2025 - 30 April 2025']]],
        [50, [[40, 'Opening balance £\u00a0500.00']]],
        [62, [[40, 'Closing balance £\u00a0421.50']]],
        [
          100,
          [
            [40, 'Date'],
            [120, 'Description'],
            [450, 'Amount', 'r'],
            [560, 'Balance', 'r'],
          ],
        ],
        ...rowsFrom(115, 14, [
          [
            [40, '02 Apr 2025'],
            [120, 'LONDON BOROUGH OF CAMDEN'],
            [450, '\u2212£\u00a0198.00', 'r'],
            [560, '£\u00a0302.00', 'r'],
          ],
          [
            [40, '09 Apr 2025'],
            [120, 'HMRC PAYE REFUND'],
            [450, '£\u00a0188.40', 'r'],
            [560, '£\u00a0490.40', 'r'],
          ],
          [
            [40, '15 Apr 2025'],
            [120, 'BOOTS 1142'],
            [450, '\u2212£\u00a068.90', 'r'],
            [560, '£\u00a0421.50', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => [t.description, t.signedAmount, t.balance])).toEqual([
      ['LONDON BOROUGH OF CAMDEN', -198, 302],
      ['HMRC PAYE REFUND', 188.4, 490.4],
      ['BOOTS 1142', -68.9, 421.5],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});
