import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { groupRows, wordsFromBlocks } from '../../../functions/domain/statement/geometry';
import { detectHeader } from '../../../functions/domain/statement/header';
import { readHeading } from '../../../functions/domain/statement/heading-score';
import { FREEHAND_CARDS3 } from '../../fixtures/statements/freehand-cards3';
import { type CellSpec, pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * A third round of card statements drawn freehand (tests/fixtures/statements/freehand-cards3.ts): each layout
 * read from its text layer, every row exact; each trait the round showed the reader did not yet read, on
 * hand-built blocks.
 */
const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

describe('card statements drawn freehand, third round, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_CARDS3);
});

/** A heading line's columns, each text at its own x. */
const headingAt = (cells: CellSpec[]) =>
  readHeading(wordsFromBlocks(pageBlocks([[100, cells]])))?.map((c) => c.kind) ?? null;

describe("money columns named by what they hold ('Purchases & charges', 'Payments & returns')", () => {
  // Evidence: catalogue and store-card accounts (Very, Littlewoods) and card statements total their
  // entries as 'Purchases and charges' and 'Payments and credits' / 'Payments & returns' / 'Payments and
  // refunds', and print the two as the columns of the transaction table. With neither read as a heading,
  // the table's columns were guessed from its figures.
  it("are money out and money in: 'payments' beside returns is what lowers the balance owed", () => {
    expect(
      headingAt([
        [40, 'Date'],
        [90, 'Details'],
        [420, 'Purchases & charges £', 'r'],
        [555, 'Payments & returns £', 'r'],
      ]),
    ).toEqual(['date', 'description', 'out', 'in']);
    expect(
      headingAt([
        [40, 'Date'],
        [90, 'Description'],
        [420, 'Purchases and charges', 'r'],
        [555, 'Payments and credits', 'r'],
      ]),
    ).toEqual(['date', 'description', 'out', 'in']);
  });
  it('read a card account whose rows fill one column or the other', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Your account statement']]],
        [42, [[40, 'Statement date 11.09.25']]],
        [54, [[40, 'Previous balance £100.00']]],
        [66, [[40, 'New balance £160.00']]],
        [
          100,
          [
            [40, 'Date'],
            [90, 'Details'],
            [420, 'Purchases & charges £', 'r'],
            [555, 'Payments & returns £', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [
            [40, '12.08.25'],
            [90, 'Order 4K7721 trainers'],
            [420, '90.00', 'r'],
          ],
          [
            [40, '14.08.25'],
            [90, 'Payment received - thank you'],
            [555, '50.00', 'r'],
          ],
          [
            [40, '17.08.25'],
            [90, 'Delivery charge'],
            [420, '20.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-08-12', 'Order 4K7721 trainers', -90],
      ['2025-08-14', 'Payment received - thank you', 50],
      ['2025-08-17', 'Delivery charge', -20],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a panel's title left of a two-line heading whose second line starts further left ('Account at a glance')", () => {
  // Evidence: statements with an account summary left of the transactions (Very's 'Account at a glance',
  // Nationwide's and Triodos's left panels) print the panel's title level with the heading's first line;
  // with two-line money headings ('Money' over 'out'), the first line holds only the money headings' tops and
  // the second 'Date' and 'Description' under the gap after the title. The second line cut where the first
  // line's words begin lost 'Date', and no heading was found on the page.
  const rows = groupRows(
    wordsFromBlocks(
      pageBlocks([
        [
          100,
          [
            [40, 'Account at a glance'],
            [460, 'Money', 'r'],
            [555, 'Money', 'r'],
          ],
        ],
        [
          110,
          [
            [205, 'Date'],
            [250, 'Description'],
            [460, 'out', 'r'],
            [555, 'in', 'r'],
          ],
        ],
        [130, [[40, 'Opening balance 10.00']]],
      ]),
    ),
  );
  it("reads both lines from the panel's end on", () => {
    const found = detectHeader(rows, 0);
    expect(found?.rows).toBe(2);
    expect(found?.header.columns.map((c) => [c.kind, Math.round(c.left * 600)])).toEqual([
      ['date', 205],
      ['description', 250],
      ['out', 435],
      ['in', 530],
    ]);
  });
});
