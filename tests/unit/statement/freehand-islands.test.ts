import { describe, expect, it } from 'vitest';
import { FREEHAND_ISLANDS } from '../../fixtures/statements/freehand-islands';
import { HEADING, pageBlocks, row, rowsFrom } from './blocks';
import { itReadsEachExactly, read, readDrawn, rowsOf } from './freehand-support';

/**
 * Banks of the Isle of Man, the Channel Islands, Northern Ireland and Scotland and two business accounts, none
 * drawn before (tests/fixtures/statements/freehand-islands.ts), carrying in new combinations the traits a
 * held-back set of real statements showed the reader failing on: each layout read from its text layer, every
 * row exact; each trait on hand-built blocks.
 */
const NO_CLOSING_LINE = 'isle-of-man-bank-right-panel';

describe('statements of island, Northern Irish, Scottish and business banks, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_ISLANDS.filter((l) => l.name !== NO_CLOSING_LINE));
  // It prints no closing balance of its own (no closing line, no summary): the last row's running balance is
  // a checkpoint, and the closing is left unread as the reader does for every such statement.
  it(NO_CLOSING_LINE, async () => {
    const { statement: s, truth } = await readDrawn(
      FREEHAND_ISLANDS.find((l) => l.name === NO_CLOSING_LINE)!,
    );
    expect(rowsOf(s)).toEqual(truth.transactions);
    expect(s.openingBalance).toBe(truth.openingBalance);
    expect(s.closingBalance).toBeNull();
    expect(s.transactions.at(-1)!.balance).toBe(truth.closingBalance);
    expect(s.reconciliation.ok).toBe(true);
    expect(s.period).toEqual({ start: '2025-05-14', end: '2025-06-13' });
  });
});

describe("a period printed without a year beside a two-digit statement date ('Period 14 Dec to 13 Jun')", () => {
  // Evidence: statements whose only year is the statement date ('Statement date 13 June 25', the held-back
  // set's account panels; Isle of Man Bank and Scottish Building Society panels here) print the period in
  // the same panel without a year ('Period 14 May to 13 June', 'Statement period 14 Dec to 13 Jun'). It was
  // not read, so the period was taken from the first and last rows (20 December, not 14) with a warning that
  // none is printed.
  const blocks = (period: string) =>
    pageBlocks([
      [30, [[40, 'Instant Access Saver']]],
      [45, [[40, 'Statement date 13 June 25']]],
      [57, [[40, period]]],
      [100, HEADING],
      ...rowsFrom(115, 12, [
        row('14 Dec', 'Opening balance', '', '', '500.00'),
        row('20 Dec', 'Transfer in', '', '50.00', '550.00'),
        row('31 Dec', 'Interest credited', '', '1.20', '551.20'),
        row('08 Jun', 'Transfer out', '100.00', '', '451.20'),
      ]),
    ]);
  it('takes the year from the statement date, across the year end', () => {
    const s = read(blocks('Statement period 14 Dec to 13 Jun'));
    expect(s.period).toEqual({ start: '2024-12-14', end: '2025-06-13' });
    expect(s.warnings.join(' ')).not.toMatch(/period is not printed/);
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-12-20', '2024-12-31', '2025-06-08']);
    expect(s.reconciliation.ok).toBe(true);
  });
  it('is read only where the line names the period (two yearless dates elsewhere are not a period)', () => {
    const s = read(blocks('Interest paid 14 Dec to 13 Jun at 3.25% AER'));
    expect(s.period).toEqual({ start: '2024-12-20', end: '2025-06-08' });
  });
});

describe("yearless rows half a year apart, counted back from the statement date ('20 Dec' above '08 Jun')", () => {
  // Evidence: half-yearly and annual savings statements (Scottish Building Society and other societies'
  // instant-access savers here) print rows '14 Dec' to '13 Jun' with no year, the year only in 'Statement
  // date 13 June 25'. With no period to place them, December rows six months before a June row were given
  // the statement date's year: 20 December 2025, after the statement's own date, and not in date order.
  it('are never dated after the statement date', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Instant Access Saver. Statement date 13 June 25']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('20 Dec', 'Transfer in', '', '50.00', '550.00'),
          row('31 Dec', 'Interest credited', '', '1.20', '551.20'),
          row('08 Jun', 'Transfer out', '100.00', '', '451.20'),
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-12-20', '2024-12-31', '2025-06-08']);
    expect(s.yearSource).toBe('statement_date');
  });
});

describe("a Crown Dependency or Northern Ireland regulator's line directly under the last row", () => {
  // Evidence: banks of Jersey, Guernsey and the Isle of Man (Lloyds Bank International, Santander
  // International, Isle of Man Bank) end their statements with their regulator and deposit scheme ('regulated
  // by the Jersey Financial Services Commission', 'a participant in the Jersey Bank Depositors Compensation
  // Scheme', 'licensed by the Isle of Man Financial Services Authority'), and Northern Ireland's banks with
  // 'Registered in Northern Ireland'. Printed directly under the last row, the text was read as the rest of
  // that row's description, and the statement's figures, adding up, confirmed it.
  const ending = (legal: string) =>
    read(
      pageBlocks([
        [30, [[40, 'International Account 01 April 2025 to 30 April 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('01 Apr', 'Balance brought forward', '', '', '1,000.00'),
          row('02 Apr', 'JERSEY WATER', '46.30', '', '953.70'),
          row('03 Apr', 'WAITROSE ST SAVIOUR', '12.00', '', '941.70'),
        ]),
        [152, [[40, legal]]],
        [160, [[40, 'Full details are on the States of Jersey website.']]],
      ]),
    ).transactions.at(-1)!.description;
  it.each([
    'A participant in the Jersey Bank Depositors Compensation Scheme.',
    'Regulated by the Jersey Financial Services Commission.',
    'Licensed by the Isle of Man Financial Services Authority.',
    'Covered by the Guernsey Banking Deposit Compensation Scheme.',
    'AIB Group (UK) p.l.c. Registered in Northern Ireland NI018800.',
  ])('is the page footer, not the row above: %s', (legal) => {
    expect(ending(legal)).toBe('WAITROSE ST SAVIOUR');
  });
});
