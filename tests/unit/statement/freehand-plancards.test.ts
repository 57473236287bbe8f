import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { FREEHAND_PLANCARDS } from '../../fixtures/statements/freehand-plancards';
import { type CellSpec, type LineSpec, pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * Credit, charge and instalment card statements of UK issuers drawn freehand (tests/fixtures/statements/
 * freehand-plancards.ts): each layout read from its text layer, every row exact; each trait the set showed
 * the reader did not yet read, on hand-built blocks.
 */
describe('UK credit, charge and instalment cards drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_PLANCARDS);
});

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

const HEADING: LineSpec = [
  100,
  [
    [40, 'Date'],
    [100, 'Description'],
    [555, 'Amount', 'r'],
  ],
];
const row = (date: string, text: string, amount: string): CellSpec[] => [
  [40, date],
  [100, text],
  [555, amount, 'r'],
];

describe("a cardholder's title naming the card by its last digits", () => {
  // Evidence: business card statements (RBS / NatWest Business, Barclaycard Business) head each cardholder's
  // rows with the name and the card's last digits ('MR D MCLEAN  Card ending 8812'), set closer to the rows
  // below than to the entry above. Read as a reference leading the entry below, the title went into the first
  // row's description, the figures still adding up: confirmed though wrong.
  it('heads the rows below and is no part of the first row', () => {
    const s = read(
      pageBlocks([
        [18, [[40, 'Business credit card statement']]],
        [30, [[40, 'Statement date 21 Oct 25']]],
        [42, [[40, 'Previous balance £100.00']]],
        [54, [[40, 'New balance £150.00']]],
        HEADING,
        [115, row('29 Sep 25', 'PAYMENT RECEIVED - DIRECT DEBIT', '100.00 CR')],
        [132, [[100, 'MR D MCLEAN  Card ending 8812']]],
        [145, row('30 Sep 25', 'SCREWFIX EDINBURGH', '80.00')],
        [157, row('02 Oct 25', 'SHELL FORTH ROAD', '70.00')],
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-09-29', 'PAYMENT RECEIVED - DIRECT DEBIT', 100],
      ['2025-09-30', 'SCREWFIX EDINBURGH', -80],
      ['2025-10-02', 'SHELL FORTH ROAD', -70],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

/** An instalment card's summary: the amount due first, the balance on the line under. */
const instalmentCard = read(
  pageBlocks([
    [18, [[40, 'tymit']]],
    [30, [[40, 'Statement date 25/12/25']]],
    [
      50,
      [
        [40, 'Previous balance £100.00'],
        [330, 'TOTAL AMOUNT DUE £35.00'],
      ],
    ],
    [62, [[40, 'Total balance £130.00']]],
    HEADING,
    ...rowsFrom(115, 12, [
      row('01.12.25', 'TESCO STORES 2291', '50.00'),
      row('03.12.25', 'PAYMENT RECEIVED', '-40.00'),
      row('05.12.25', 'ARGOS LTD', '20.00'),
    ]),
  ]),
);

describe("a card's amount due printed beside its balance", () => {
  // Evidence: Tymit's bill is the month's instalments and pay-in-full spending ('TOTAL AMOUNT DUE'), the
  // balance owed on every plan far more; Monzo Flex and NatWest instalment plans likewise. 'TOTAL AMOUNT DUE',
  // printed first, was taken for the closing: nothing added up.
  it('closes with the balance, the amount due only where no balance is printed', () => {
    expect(instalmentCard.openingBalance).toBe(100);
    expect(instalmentCard.closingBalance).toBe(130);
    expect(instalmentCard.reconciliation.ok).toBe(true);
  });
});

describe("an amount due printed as a card's wording", () => {
  // Evidence: a statement printing 'TOTAL AMOUNT DUE' (or 'Minimum amount due', 'Instalment plans') is a
  // card's: a bank account has no amount due. A card printing its credits with a minus and its purchases
  // plain adds up as money held with every sign turned over, so the wording decides; without it the Tymit-
  // style card, its closing read, was confirmed as a bank account with every amount's direction wrong.
  it('reads the minus as a payment and the plain figures as purchases', () => {
    expect(brief(instalmentCard)).toEqual([
      ['2025-12-01', 'TESCO STORES 2291', -50],
      ['2025-12-03', 'PAYMENT RECEIVED', 40],
      ['2025-12-05', 'ARGOS LTD', -20],
    ]);
    expect(instalmentCard.accountKind).toBe('credit_card');
  });
});

describe("a short label ending in 'total' under a cardholder's rows", () => {
  // Evidence: the Co-operative Bank-style card prints each cardholder's rows in its own column, side by side,
  // each closed by 'Card total' and the rows' sum. The total was read as a purchase.
  it('is a check, not a transaction, when its figure is what the rows above add up to', () => {
    const s = read(
      pageBlocks([
        [18, [[40, 'Credit card statement']]],
        [30, [[40, 'Statement date 18/11/25']]],
        [42, [[40, 'Previous balance £100.00']]],
        [54, [[40, 'New balance £150.00']]],
        HEADING,
        ...rowsFrom(115, 12, [
          row('19/10/25', 'TESCO STORES 2291', '40.00'),
          row('21/10/25', 'SUPERDRUG REFUND', '10.00CR'),
          row('24/10/25', 'BOOTS 1123', '20.00'),
          [
            [100, 'Card total'],
            [555, '50.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-10-19', 'TESCO STORES 2291', -40],
      ['2025-10-21', 'SUPERDRUG REFUND', 10],
      ['2025-10-24', 'BOOTS 1123', -20],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe('labels over figures beside a title and the period on the same lines', () => {
  // Evidence: Monzo's Flex statement prints 'Balance at start' and 'Balance at end' over their figures to
  // the right of the title, the period '15 December 2025 - 14 January 2026' level with the figures. The
  // period's day and year numbers left of the figures were taken for figures, the line left unread: no
  // opening or closing, nothing to check the rows against.
  it('reads each figure with the label above it, the period the line’s name', () => {
    const s = read(
      pageBlocks([
        [
          56,
          [
            [40, 'Flex statement'],
            [330, 'Balance at start'],
            [450, 'Balance at end'],
          ],
        ],
        [
          68,
          [
            [40, '15 December 2025 - 14 January 2026'],
            [330, '£100.00'],
            [450, '£130.00'],
          ],
        ],
        HEADING,
        ...rowsFrom(115, 12, [
          row('16/12/2025', 'Tesco Stores', '£50.00'),
          row('20/12/2025', 'Monthly repayment', '+£40.00'),
          row('05/01/2026', 'Argos Ltd', '£20.00'),
        ]),
      ]),
    );
    expect(s.openingBalance).toBe(100);
    expect(s.closingBalance).toBe(130);
    expect(s.reconciliation.ok).toBe(true);
  });
});
