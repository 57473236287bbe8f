import { describe, expect, it } from 'vitest';
import { FREEHAND_HIGHSTREET } from '../../fixtures/statements/freehand-highstreet';
import { HEADING, pageBlocks, row, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * The current-account statements of seven UK high-street banks, each drawn from public evidence of how the
 * bank prints it today (tests/fixtures/statements/freehand-highstreet.ts), carrying in new combinations the
 * traits a held-back set of real statements showed the reader failing on: each layout read from its text
 * layer, every row exact; the trait it showed the reader missing, on hand-built blocks.
 */
describe('seven high-street banks’ current accounts drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_HIGHSTREET);
});

describe("a page's totals named 'Total this page' ('TOTAL THIS PAGE', 'Totals this page')", () => {
  // Evidence: the Co-operative Bank-style statement of this set totals each page's money out and money in
  // side by side on the page's last line, 'TOTAL THIS PAGE', under the rows and above 'BALANCE CARRIED
  // FORWARD'. 'Page totals' and 'Total for this page' were read as a page's totals; this wording, without
  // 'for', was read as two transactions a page (the money out and the money in), the closing balance lost and
  // the statement sent to the check.
  const totals = (label: string, out: string, moneyIn: string) => row('', label, out, moneyIn, '');
  it('are neither transactions nor the statement totals', () => {
    const s = read([
      ...pageBlocks(
        [
          [30, [[40, 'Statement date 31/05/2025']]],
          [80, HEADING],
          ...rowsFrom(95, 13, [
            row('01 May 2025', 'BALANCE BROUGHT FORWARD', '', '', '100.00'),
            row('02 May 2025', 'CO-OP GROUP 070121', '10.00', '', '90.00'),
            row('02 May 2025', 'CREDIT NIDD VALLEY FOODS', '', '500.00', '590.00'),
            row('03 May 2025', 'ATM CO-OP BANK', '20.00', '', '570.00'),
            totals('TOTAL THIS PAGE', '30.00', '500.00'),
            row('03 May 2025', 'BALANCE CARRIED FORWARD', '', '', '570.00'),
          ]),
        ],
        1,
      ),
      ...pageBlocks(
        [
          [80, HEADING],
          ...rowsFrom(95, 13, [
            row('05 May 2025', 'BALANCE BROUGHT FORWARD', '', '', '570.00'),
            row('05 May 2025', 'ALDI 74', '7.00', '', '563.00'),
            row('06 May 2025', 'ARRIVA NORTH EAST', '40.00', '', '523.00'),
            totals('Totals this page', '47.00', '0.00'),
            row('06 May 2025', 'BALANCE CARRIED FORWARD', '', '', '523.00'),
          ]),
        ],
        2,
      ),
    ]);
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount])).toEqual([
      ['2025-05-02', 'CO-OP GROUP 070121', -10],
      ['2025-05-02', 'CREDIT NIDD VALLEY FOODS', 500],
      ['2025-05-03', 'ATM CO-OP BANK', -20],
      ['2025-05-05', 'ALDI 74', -7],
      ['2025-05-06', 'ARRIVA NORTH EAST', -40],
    ]);
    expect([s.openingBalance, s.closingBalance]).toEqual([100, 523]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a period printed on a line of its own with no year ('21 December to 20 January')", () => {
  // Evidence: HSBC-group statements print the period as a line of its own under the title ('15 December to
  // 14 January 2026' on HSBC UK's); this set's first direct statement prints it with no year at all, the only
  // year in 'Statement date 20 January 2026'. Without a 'period' label the line was not read as the period,
  // which was taken from the rows (21 December to 19 January) with a warning that it was not printed.
  const lines = (periodLine: string) =>
    pageBlocks([
      [30, [[40, 'Your 1st Account statement']]],
      [42, [[40, periodLine]]],
      [54, [[40, 'Statement date 20 January 2026']]],
      [80, HEADING],
      ...rowsFrom(95, 13, [
        row('21 Dec', 'VIS WAITROSE 422 LEEDS', '20.00', '', '80.00'),
        row('29 Dec', 'SO L OKONKWO RENT', '100.00', '', '-20.00'),
        row('02 Jan', 'CR AIRE ANALYTICS LTD', '', '500.00', '480.00'),
        row('19 Jan', ')))  PRET A MANGER', '5.00', '', '475.00'),
      ]),
    ]);
  it('is the period, its years from the statement date', () => {
    const s = read(lines('21 December to 20 January'));
    expect(s.period).toEqual({ start: '2025-12-21', end: '2026-01-20' });
    expect(s.warnings.filter((w) => /not printed/.test(w))).toEqual([]);
    expect(s.transactions.map((t) => t.date)).toEqual([
      '2025-12-21',
      '2025-12-29',
      '2026-01-02',
      '2026-01-19',
    ]);
  });
  it('while dates among other words are not', () => {
    const s = read(lines('Offer runs 21 December to 20 January'));
    expect(s.period).toEqual({ start: '2025-12-21', end: '2026-01-19' });
  });
});
