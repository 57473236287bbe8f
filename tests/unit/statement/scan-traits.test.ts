import { describe, expect, it } from 'vitest';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { readingReasons } from '../../../functions/domain/statement-check';
import { type CellSpec, HEADING, pageBlocks, row, rowsFrom } from './blocks';

/**
 * Traits of UK statements as a scan reads them, on hand-built geometry: what OCR makes of a printed trait
 * must be read as the text layer reads it.
 */
function read(blocks: Block[]): ParsedStatement {
  const result = readStatement(blocks, { referenceDate: '2026-01-01' });
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}
const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

describe('the time of a transaction on the line under its date, as a scan reads it (Revolut)', () => {
  // Evidence: Revolut's statement "Date — the date and time the transaction was completed"
  // (https://www.getmoneysorted.co.uk/revolut-bank-statement-guide); OCR reads the colon as '.', ';', a
  // space or nothing, or a nought as 'O'.
  const statement = (times: string[]) =>
    pageBlocks([
      [30, [[40, 'Revolut']]],
      [50, [[40, 'Statement 1 January 2025 to 31 January 2025']]],
      [100, HEADING],
      ...rowsFrom(
        115,
        12,
        [
          row('', 'Opening balance', '', '', '500.00'),
          row('02 Jan 2025', 'TESCO STORES', '12.34', '', '487.66'),
          [[40, times[0]!]] as CellSpec[],
          row('03 Jan 2025', 'ACME SALARY', '', '1,000.00', '1,487.66'),
          [[40, times[1]!]] as CellSpec[],
          row('05 Jan 2025', 'COSTA COFFEE', '3.20', '', '1,484.46'),
          [[40, times[2]!]] as CellSpec[],
          row('07 Jan 2025', 'TFL TRAVEL', '6.80', '', '1,477.66'),
          [[40, times[3]!]] as CellSpec[],
        ].filter((cells) => cells.length),
      ),
    ]);
  const rows = [
    ['2025-01-02', 'TESCO STORES', -12.34],
    ['2025-01-03', 'ACME SALARY', 1000],
    ['2025-01-05', 'COSTA COFFEE', -3.2],
    ['2025-01-07', 'TFL TRAVEL', -6.8],
  ];

  it.each([
    ['a colon read as a point', '07.03'],
    ['a colon lost', '0703'],
    ['a colon read as a space', '07 03'],
    ['a colon read as a semicolon', '07;03'],
    ['a nought read as a letter O', 'O7:03'],
    ['a stray mark after it', "07:03'"],
    // What the local OCR made of '18:02' under '05 Jan 2025' in the scan of the Revolut layout.
    ['not read at all', '1Q-ND'],
  ])('one time misread (%s: "%s") is still the time, not the description', (_, misread) => {
    const s = read(statement(['09:15', misread, '17:42', '12:20']));
    expect(brief(s)).toEqual(rows);
    expect(s.reconciliation.ok).toBe(true);
  });

  it('every time misread the same way: the column of times is still told by the times read right', () => {
    const s = read(statement(['09.15', '07.03', '17:42', '12:20']));
    expect(brief(s)).toEqual(rows);
  });

  it('a figure under a date in a column that prints no times stays in the description', () => {
    const s = read(statement(['', '0703', '', '']));
    expect(s.transactions[1]!.description).toBe('ACME SALARY 0703');
  });
});

describe('a date the scan misread in the date column never dates its row silently', () => {
  // What the local OCR made of a Courier statement whose summary box stands left of the rows, a rule between
  // them: the rule read as '|' and the nought of '04/04/25' as a 4 ('| 44/04/25'). The figures add up
  // whatever the row's date, so only the date column can show it.
  const statement = (misread: CellSpec[], before = '03/04/25', after = '04/04/25') =>
    pageBlocks([
      [30, [[40, 'Co-operative Bank']]],
      [50, [[40, 'Statement 01/04/25 - 30/04/25']]],
      [100, HEADING],
      ...rowsFrom(115, 12, [
        row('', 'Opening balance', '', '', '500.00'),
        row('01/04/25', 'DD ECOTRICITY', '84.50', '', '415.50'),
        row(before, 'FPI SALARY', '', '2,100.00', '2,515.50'),
        [...misread, [110, 'SO RENT'], [400, '1,200.00', 'r'], [560, '1,315.50', 'r']] as CellSpec[],
        row(after, 'CARD OXFAM BOOKS', '6.50', '', '1,309.00'),
        row('28/04/25', 'CHQ 100233', '25.00', '', '1,284.00'),
      ]),
    ]);
  const misreadRow = (s: ParsedStatement) => s.transactions[2]!;

  it("a box rule read as '|' and a nought as a 4 ('| 44/04/25'): the one date the rows either side allow", () => {
    const s = read(
      statement([
        [30, '|'],
        [40, '44/04/25'],
      ]),
    );
    expect(misreadRow(s)).toMatchObject({ date: '2025-04-04', description: 'SO RENT', signedAmount: -1200 });
    expect(s.reconciliation.ok).toBe(true);
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({ row: 2, cell: 'date', text: '44/04/25', recoveredDate: '2025-04-04' }),
    ]);
    // Recovered, not read: the statement goes to the family's check, never straight into their figures.
    expect(readingReasons(s)).toEqual(['unreadable_dates']);
    expect(s.warnings.some((w) => w.startsWith('A date could not be read on page 1: "44/04/25"'))).toBe(true);
  });

  it("a box rule read as '|' before a date read right ('| 04/04/25') is no part of the description", () => {
    const s = read(
      statement([
        [30, '|'],
        [40, '04/04/25'],
      ]),
    );
    expect(misreadRow(s)).toMatchObject({ date: '2025-04-04', description: 'SO RENT' });
    expect(readingReasons(s)).toEqual([]);
  });

  it('a misread date that reads as more than one date between the rows either side is not guessed', () => {
    // '47/04/25' between 03/04 and 20/04: '07/04/25' and '17/04/25' both fit.
    const s = read(statement([[40, '47/04/25']], '03/04/25', '20/04/25'));
    expect(misreadRow(s)).toMatchObject({ date: '2025-04-03', description: 'SO RENT' });
    const [note] = s.reconciliation.unreadable ?? [];
    expect(note).toMatchObject({ cell: 'date', text: '47/04/25' });
    expect(note?.recoveredDate).toBeUndefined();
    expect(readingReasons(s)).toEqual(['unreadable_dates']);
  });

  it("a letter read for a figure ('P4/04/25') is recovered the same way", () => {
    const s = read(statement([[40, 'P4/04/25']]));
    expect(misreadRow(s)).toMatchObject({ date: '2025-04-04', description: 'SO RENT' });
    expect(readingReasons(s)).toEqual(['unreadable_dates']);
  });
});

describe("a month's name the scan misread by one letter never dates its row silently (Welsh-language statements)", () => {
  // What the local OCR made of a Welsh society's annual statement printing full Welsh months on every row:
  // '14 Ionawr 2025' read '14 Tonawr 2025' (the capital I read as T). No date was read, so the row took the
  // date above (31 Rhagfyr 2024) with '14 Tonawr 2025' leading its description, and the figures, adding up
  // whatever the dates, confirmed it.
  const statement = (misread: string, after = '28 Chwefror 2025') =>
    pageBlocks([
      [30, [[40, 'Cymdeithas Adeiladu']]],
      [50, [[40, 'Datganiad 1 Hydref 2024 i 30 Medi 2025']]],
      [100, HEADING],
      ...rowsFrom(115, 12, [
        row('1 Hydref 2024', 'Balans agoriadol', '', '', '500.00'),
        row('31 Rhagfyr 2024', 'Llog', '', '4.10', '504.10'),
        row(misread, 'Adnau - Archeb sefydlog', '', '100.00', '604.10'),
        row(after, 'Tynnu arian', '50.00', '', '554.10'),
      ]),
    ]);

  it("'14 Tonawr 2025' between 31 Rhagfyr and 28 Chwefror: read as 14 Ionawr, and sent to the check", () => {
    const s = read(statement('14 Tonawr 2025'));
    expect(brief(s)).toEqual([
      ['2024-12-31', 'Llog', 4.1],
      ['2025-01-14', 'Adnau - Archeb sefydlog', 100],
      ['2025-02-28', 'Tynnu arian', -50],
    ]);
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({ row: 1, cell: 'date', text: '14 Tonawr 2025', recoveredDate: '2025-01-14' }),
    ]);
    expect(readingReasons(s)).toEqual(['unreadable_dates']);
  });

  it("'14 lon 2025' (the capital I of 'Ion' read as a small L): read as 14 Ionawr, and sent to the check", () => {
    // The l and the I are one stroke in most sans-serif faces; the blocks carry no glyph shapes, and the figures
    // add up whatever the date, so the recovered date is the family's to check, never read as fact.
    const s = read(statement('14 lon 2025'));
    expect(s.transactions[1]).toMatchObject({ date: '2025-01-14', description: 'Adnau - Archeb sefydlog' });
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({ row: 1, cell: 'date', text: '14 lon 2025', recoveredDate: '2025-01-14' }),
    ]);
    expect(readingReasons(s)).toEqual(['unreadable_dates']);
  });

  // A side-by-side bilingual statement's year end, no period printed: every January row's 'Ion' read 'lon'
  // ('01 lon 25' … '13 lon 25'), each after 31 Rhag and with nothing after it.
  const yearEnd = (first: string, second: string) =>
    pageBlocks([
      [30, [[40, 'Cymdeithas Adeiladu']]],
      [100, HEADING],
      ...rowsFrom(115, 12, [
        row('16 Rhag 24', 'Balans agoriadol', '', '', '500.00'),
        row('31 Rhag 24', 'Llog', '', '4.10', '504.10'),
        row(first, 'Adnau - Archeb sefydlog', '', '100.00', '604.10'),
        row(second, 'Tynnu arian', '50.00', '', '554.10'),
      ]),
    ]);

  it("the last rows' 'lon' with no period printed and no row after: each read as its one date, and sent to the check", () => {
    // The day and year printed and one month one letter away leave one date: only its order after the row
    // before is needed.
    const s = read(yearEnd('01 lon 25', '02 lon 25'));
    expect(brief(s)).toEqual([
      ['2024-12-31', 'Llog', 4.1],
      ['2025-01-01', 'Adnau - Archeb sefydlog', 100],
      ['2025-01-02', 'Tynnu arian', -50],
    ]);
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({ row: 1, cell: 'date', text: '01 lon 25', recoveredDate: '2025-01-01' }),
      expect.objectContaining({ row: 2, cell: 'date', text: '02 lon 25', recoveredDate: '2025-01-02' }),
    ]);
    expect(readingReasons(s)).toEqual(['unreadable_dates']);
  });

  it('with no row after and no period, a name one letter from two months is not guessed', () => {
    // 'Maz' is one letter from 'Mar' and 'May': nothing after the row bounds it.
    const s = read(yearEnd('01 Maz 25', '02 lon 25'));
    expect(s.transactions[1]).toMatchObject({ date: '2024-12-31', description: 'Adnau - Archeb sefydlog' });
    expect(s.reconciliation.unreadable?.[0]?.recoveredDate).toBeUndefined();
    expect(readingReasons(s)).toEqual(['unreadable_dates']);
  });

  it('a misread name one letter from two months is not guessed, and is no part of the description', () => {
    // 'Maz' is one letter from 'Mar' and 'May', and the rows either side allow both.
    const s = read(statement('14 Maz 2025', '20 Mai 2025'));
    expect(s.transactions[1]).toMatchObject({ date: '2024-12-31', description: 'Adnau - Archeb sefydlog' });
    expect(readingReasons(s)).toEqual(['unreadable_dates']);
  });
});

describe('rows no date is read for are never dated as fact', () => {
  // A charge card's 'Transaction date' and 'Process date' printed close together, which the local OCR ran into
  // 'Transaction datrocess date' (now read as the two headings: headings.test.ts); with a letter misread as
  // well ('d4trocess', which no heading word completes) no date column is found, each row's dates stay in its
  // description, and the rows were dated 1 January while the figures still added up.
  const blocks = pageBlocks([
    [30, [[40, 'American Express']]],
    [60, [[40, 'Previous balance £100.00']]],
    [72, [[40, 'New balance £160.50']]],
    [
      100,
      [
        [40, 'Transaction d4trocess date'],
        [190, 'Transaction details'],
        [560, 'Amount £', 'r'],
      ],
    ],
    ...rowsFrom(115, 12, [
      [
        [40, 'Sept 21 Sept 22'],
        [190, 'BRITISH AIRWAYS LONDON'],
        [560, '48.00', 'r'],
      ],
      [
        [40, 'Sept 25 Sept 26'],
        [190, 'HOTEL CHOCOLAT LONDON'],
        [560, '12.50', 'r'],
      ],
      [
        [40, 'Oct 01 Oct 02'],
        [190, 'WAITROSE 0187 LONDON'],
        [560, '10.00', 'r'],
      ],
    ]),
  ]);

  it('the statement goes to the family’s check, saying no date was read', () => {
    const result = readStatement(blocks, { referenceDate: '2026-01-01' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const s = result.statement;
    expect(s.transactions).toHaveLength(3);
    expect(readingReasons(s)).toContain('unreadable_dates');
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({
        cell: 'date',
        row: 0,
        reason: expect.stringContaining('no date is read for 3 rows'),
      }),
    ]);
  });
});

describe('specks a scan reads as tildes', () => {
  // What the local OCR made of a mark beside three of a card's descriptions: '~~ SAINSBURYS S/MKT 0412'.
  it('are no part of the description', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Barclaycard']]],
        [50, [[40, 'Statement 1 November 2025 to 30 November 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('', 'Opening balance', '', '', '500.00'),
          [
            [40, '19 Nov'],
            [100, '~~'],
            [112, 'SAINSBURYS S/MKT 0412'],
            [400, '62.30', 'r'],
            [560, '437.70', 'r'],
          ],
          [
            [40, '20 Nov'],
            [100, '~~~'],
            [112, 'SPOTIFY UK'],
            [400, '11.99', 'r'],
            [560, '425.71', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-11-19', 'SAINSBURYS S/MKT 0412', -62.3],
      ['2025-11-20', 'SPOTIFY UK', -11.99],
    ]);
  });
});

describe('a page of rows read wrong is never dropped as another account’s', () => {
  // What a lower-resolution reading made of a paged statement (headings on every page, 'Balance carried
  // forward' closing each): an amount on page 2 misread, so the whole did not add up, and page 1 alone, read
  // as if page 2 began another account's statement, did.
  const blocks = [
    ...pageBlocks([
      [30, [[40, 'Lloyds Bank']]],
      [50, [[40, 'Statement 01/04/25 - 30/04/25']]],
      [100, HEADING],
      ...rowsFrom(115, 12, [
        row('', 'Balance brought forward', '', '', '500.00'),
        row('01/04/25', 'DD ECOTRICITY', '84.50', '', '415.50'),
        row('03/04/25', 'FPI SALARY', '', '2,100.00', '2,515.50'),
        row('04/04/25', 'SO RENT', '1,200.00', '', '1,315.50'),
        row('', 'Balance carried forward', '', '', '1,315.50'),
      ]),
    ]),
    ...pageBlocks(
      [
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('', 'Balance brought forward', '', '', '1,315.50'),
          row('09/04/25', 'CARD OXFAM BOOKS', '42.60', '', '1,302.90'),
          row('14/04/25', 'CARD BRISTOL BUS', '4.80', '', '1,298.10'),
          row('', 'Balance carried forward', '', '', '1,298.10'),
        ]),
      ],
      2,
    ),
  ];

  it('the misread page stays, and the statement does not add up', () => {
    const s = read(blocks);
    expect(s.transactions.map((t) => t.date)).toEqual([
      '2025-04-01',
      '2025-04-03',
      '2025-04-04',
      '2025-04-09',
      '2025-04-14',
    ]);
    expect(s.reconciliation.ok).toBe(false);
  });
});

describe('a transaction date left in the description is never taken silently for the posting date', () => {
  // A supermarket bank's credit card prints 'Transaction date | Description | Posting date | Amount'; the
  // local OCR read its first heading as 'Transaction dale', so no date column was found at the left, each
  // row's transaction date stayed at the start of its description and the row took its posting date. The
  // figures add up whatever the dates, so the statement was confirmed with every date a day or two late.
  const blocks = pageBlocks([
    [30, [[40, 'Clubcard Credit Card']]],
    [50, [[40, 'Statement date 10 April 2026']]],
    [62, [[40, 'Previous balance £100.00']]],
    [74, [[40, 'New balance £128.71']]],
    [
      100,
      [
        [40, 'Transaction dale'],
        [110, 'Description'],
        [330, 'Posting date'],
        [560, 'Amount', 'r'],
      ],
    ],
    ...rowsFrom(115, 12, [
      [
        [40, '14 Mar 26'],
        [110, 'SAINSBURYS S/MKT 0883'],
        [330, '16 Mar 26'],
        [560, '12.50', 'r'],
      ],
      [
        [40, '15 Mar 26'],
        [110, 'HABITAT'],
        [330, '17 Mar 26'],
        [560, '17.21', 'r'],
      ],
      [
        [40, '18 Mar 26'],
        [110, 'TU CLOTHING'],
        [330, '19 Mar 26'],
        [560, '0.99', 'r'],
      ],
      [
        [40, '20 Mar 26'],
        [110, 'PAYMENT RECEIVED THANK YOU'],
        [330, '21 Mar 26'],
        [560, '1.99CR', 'r'],
      ],
    ]),
  ]);

  it('the statement goes to the family’s check, saying the descriptions start with a date', () => {
    const result = readStatement(blocks, { referenceDate: '2026-05-01' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const s = result.statement;
    // The reading the figures confirm: each row dated by its posting date, its transaction date left in front.
    expect(brief(s)[0]).toEqual(['2026-03-16', '14 Mar 26 SAINSBURYS S/MKT 0883', -12.5]);
    expect(s.reconciliation.ok).toBe(true);
    expect(readingReasons(s)).toContain('unreadable_dates');
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({
        cell: 'date',
        row: 0,
        reason: expect.stringContaining("4 of the 4 rows' descriptions start with a date ('14 Mar 26')"),
      }),
    ]);
  });
});

describe('a footer the scan reads a letter differently on one page is still the page’s footer', () => {
  // What the local OCR made of a Barclays-style current account whose entries run over three lines ('Card
  // payment to' / payee / 'On 15 Apr'), one of them across a page break, headings not repeated: the 7 pt
  // 'Registered Office: 1 Churchill Place' read 'Churcnill' on the other pages. No longer the same line on
  // every page, it stood in the table between the entry's lines, and the entry lost its description while
  // the figures still added up.
  const footer = (office: string): Array<[number, [number, string][]]> => [
    [740, [[40, 'Barclays Bank UK PLC. Authorised by the Prudential Regulation Authority']]],
    [752, [[40, `Registered Office: 1 ${office} Place, London E14 5HP.`]]],
  ];
  const scanned = (blocks: Block[]) =>
    blocks.map((b) => (b.BlockType === 'WORD' ? { ...b, Confidence: 96 } : b));
  const blocks = scanned([
    ...pageBlocks([
      [30, [[40, 'BARCLAYS']]],
      [50, [[40, 'Statement 1 Apr - 30 Apr 2025']]],
      [100, HEADING],
      ...rowsFrom(115, 12, [
        row('', 'Start balance', '', '', '2,600.00'),
        row('14 Apr', 'Cash machine withdrawal', '10.00', '', '2,590.00'),
        row('', 'BARCLAYS BROAD ST', '', '', ''),
        row('15 Apr', 'Card payment to', '', '', ''),
        row('', 'AMAZON MKTPLACE*HK3LT', '', '', ''),
      ]),
      ...footer('Churchill'),
    ]),
    ...pageBlocks(
      [
        [30, [[40, 'BARCLAYS']]],
        ...rowsFrom(100, 12, [
          row('', 'On 15 Apr', '34.67', '', '2,555.33'),
          row('16 Apr', 'Card payment to', '31.04', '', '2,524.29'),
          row('', 'TRAINLINE.COM', '', '', ''),
          row('', 'End balance', '', '', '2,524.29'),
        ]),
        ...footer('Churcnill'),
      ],
      2,
    ),
    ...pageBlocks([[30, [[40, 'BARCLAYS']]], [100, [[40, 'Notices']]], ...footer('Churcnill')], 3),
  ]);

  it('an entry running on across it keeps its description', () => {
    expect(brief(read(blocks))).toEqual([
      ['2025-04-14', 'Cash machine withdrawal BARCLAYS BROAD ST', -10],
      ['2025-04-15', 'Card payment to AMAZON MKTPLACE*HK3LT On 15 Apr', -34.67],
      ['2025-04-16', 'Card payment to TRAINLINE.COM', -31.04],
    ]);
  });
});

describe("a day's date line whose day and name a scan boxes closer than its month ('Sat, 01' · 'Mar 2025')", () => {
  // What the local OCR made of a Chase UK-style statement (no Date column; each day's date a line of its own
  // a little left of the payees, 'Sat, 01 Mar 2025'): the boxes of 'Sat,' and '01' stand closer than those
  // of '01' and 'Mar', so the day's name and number fell in the date column and the month and year in the
  // description's. No date line was read: the rows were misdated, the month and year left in descriptions.
  // The day's name and number 3 pt apart (under two thirds of the line's height: one cell), the month 7 pt
  // after them.
  const dayLine = (y: number, day: string, rest: string): [number, [number, string][]] => {
    const [name, number] = day.split(' ') as [string, string];
    const at = 45 + 5 * name.length;
    return [
      y,
      [
        [42, name],
        [at, number],
        [at + 5 * number.length + 7, rest],
      ],
    ];
  };
  const blocks = pageBlocks([
    [30, [[40, 'Current account statement']]],
    [42, [[40, '1 March 2025 – 31 March 2025']]],
    [
      54,
      [
        [360, 'Opening balance'],
        [560, '£100.00', 'r'],
      ],
    ],
    [
      66,
      [
        [360, 'Closing balance'],
        [560, '£2,089.50', 'r'],
      ],
    ],
    [
      100,
      [
        [52, 'Transaction details'],
        [470, 'Amount', 'r'],
        [560, 'Balance', 'r'],
      ],
    ],
    dayLine(115, 'Sat, 01', 'Mar 2025'),
    [
      130,
      [
        [52, 'Pret A Manger'],
        [470, '-£6.50', 'r'],
        [560, '£93.50', 'r'],
      ],
    ],
    dayLine(145, 'Mon, 03', 'Mar 2025'),
    [
      160,
      [
        [52, 'Fabrikam Ltd'],
        [470, '+£2,000.00', 'r'],
        [560, '£2,093.50', 'r'],
      ],
    ],
    dayLine(175, 'Tue, 04', 'Mar 2025'),
    [
      190,
      [
        [52, 'Boots'],
        [470, '-£4.00', 'r'],
        [560, '£2,089.50', 'r'],
      ],
    ],
  ]).map((b) => (b.BlockType === 'WORD' ? { ...b, Confidence: 96 } : b));

  it('is still the date of the rows under it, and no part of a description', () => {
    expect(brief(read(blocks))).toEqual([
      ['2025-03-01', 'Pret A Manger', -6.5],
      ['2025-03-03', 'Fabrikam Ltd', 2000],
      ['2025-03-04', 'Boots', -4],
    ]);
  });
});

describe("a two-line money heading whose '&' a scan boxes short ('Purchases &' over 'charges £')", () => {
  // What the local OCR made of a Very-style catalogue statement's heading, 7.5 pt bold: 'Purchases &' over
  // 'charges £' and 'Payments &' over 'returns £', 'Date' and 'Details' on the second line. A scan boxes
  // each word's ink: the '&' and '£' stand as tall as the capitals only (5.3 pt against the line's 6.7 pt
  // with the descender of 'Payments'), the gap before them 2.6 pt, more than three fifths of their own
  // height. Each was read as a phrase of its own and the heading as 'Purchases charges & £': no heading
  // was found, the columns were taken from the figures and the rows beside the summary panel lost.
  // The boxes below are the scan's, in points of the 600 × 800 page.
  const box = (text: string, left: number, right: number, top: number, bottom: number) => ({
    text,
    left,
    right,
    top,
    bottom,
  });
  const heading = [
    box('Purchases', 448.6, 485.9, 91.2, 96.5),
    box('&', 488.5, 493.6, 91.4, 96.5),
    box('Payments', 516.8, 551.4, 91.4, 97.8),
    box('&', 554.0, 559.1, 91.4, 96.5),
    box('Date', 207.0, 222.7, 98.7, 107.4),
    box('Details', 252.5, 276.4, 98.7, 107.4),
    box('charges', 458.8, 487.1, 99.7, 106.5),
    box('£', 489.7, 493.6, 99.9, 104.9),
    box('returns', 527.5, 552.6, 100.1, 104.9),
    box('£', 555.0, 559.1, 99.9, 104.9),
  ];
  const rows: Array<[string, string, string, 'out' | 'in']> = [
    ['12.08.25', 'Order 4K7721 Nike Air Max', '115.22', 'out'],
    ['13.08.25', 'Order 4K8015 Apple AirPods', '160.88', 'out'],
    ['14.08.25', 'Payment received - thank you', '75.00', 'in'],
    ['15.08.25', 'Delivery charge', '3.99', 'out'],
  ];
  const blocks = (): Block[] => {
    const headingBlocks: Block[] = heading.map((w, i) => ({
      BlockType: 'WORD',
      Id: `heading-${i}`,
      Text: w.text,
      Page: 1,
      Confidence: 95,
      Geometry: {
        BoundingBox: {
          Left: w.left / 600,
          Top: w.top / 800,
          Width: (w.right - w.left) / 600,
          Height: (w.bottom - w.top) / 800,
        },
      },
    }));
    const lines = pageBlocks([
      [30, [[40, 'Your Very account statement']]],
      [
        50,
        [
          [40, 'Statement date'],
          [150, '11.09.25'],
        ],
      ],
      [
        118,
        [
          [252, 'Balance from previous statement'],
          [493, '523.90', 'r'],
        ],
      ],
      ...rows.map(([date, details, amount, column], i): [number, CellSpec[]] => [
        130 + 12 * i,
        [
          [207, date],
          [252, details],
          [column === 'out' ? 493 : 559, amount, 'r'],
        ],
      ]),
    ]).map((b) => (b.BlockType === 'WORD' ? { ...b, Confidence: 95 } : b));
    return [...lines, ...headingBlocks];
  };

  it('is read as the heading of two money columns', () => {
    const s = read(blocks());
    expect(s.warnings.some((w) => w.includes('no headings'))).toBe(false);
    expect(brief(s)).toEqual([
      ['2025-08-12', 'Order 4K7721 Nike Air Max', -115.22],
      ['2025-08-13', 'Order 4K8015 Apple AirPods', -160.88],
      ['2025-08-14', 'Payment received - thank you', 75],
      ['2025-08-15', 'Delivery charge', -3.99],
    ]);
  });
});

describe("a column's two-line heading centred on the others' line ('ACCOUNT' over 'BALANCE')", () => {
  // A Santander International-style statement heads its balance column 'ACCOUNT' over 'BALANCE', the two
  // lines centred on the line of 'DATE DESCRIPTION DEBITS CREDITS'. A scan boxes the capitals' ink only
  // (6 pt tall here, the lines 5 pt apart), so the three lines were three rows: the heading was read from
  // the first two, 'BALANCE' left under it, and every balance read as a second amount (79 rows for 40).
  const inkHeight = (blocks: Block[]): Block[] =>
    blocks.map((b) =>
      b.BlockType === 'WORD'
        ? {
            ...b,
            Confidence: 95,
            Geometry: { BoundingBox: { ...b.Geometry.BoundingBox, Height: 6 / 800 } },
          }
        : b,
    );
  const blocks = inkHeight(
    pageBlocks([
      [30, [[40, 'Santander International']]],
      [50, [[40, 'Statement period 01/01/2025 to 31/01/2025']]],
      [95, [[520, 'ACCOUNT']]],
      [
        100,
        [
          [40, 'DATE'],
          [100, 'DESCRIPTION'],
          [370, 'DEBITS'],
          [435, 'CREDITS'],
        ],
      ],
      [105, [[520, 'BALANCE']]],
      [
        120,
        [
          [40, '01-Jan-25'],
          [100, 'BALANCE BROUGHT FORWARD'],
          [560, '6,522.90', 'r'],
        ],
      ],
      [
        132,
        [
          [40, '02-Jan-25'],
          [100, 'TRANSFER IN FROM UK CURRENT ACCOUNT'],
          [470, '2,500.00', 'r'],
          [560, '9,022.90', 'r'],
        ],
      ],
      [
        144,
        [
          [40, '03-Jan-25'],
          [100, 'CARD PAYMENT CO-OP JERSEY'],
          [405, '42.10', 'r'],
          [560, '8,980.80', 'r'],
        ],
      ],
      [
        156,
        [
          [40, '06-Jan-25'],
          [100, 'STANDING ORDER RENT'],
          [405, '950.00', 'r'],
          [560, '8,030.80', 'r'],
        ],
      ],
      [
        168,
        [
          [100, 'BALANCE CARRIED FORWARD'],
          [560, '8,030.80', 'r'],
        ],
      ],
    ]),
  );

  it('is the balance column’s heading: each balance read as the balance', () => {
    const s = read(blocks);
    expect(s.transactions.map((t) => [t.date, t.signedAmount, t.balance])).toEqual([
      ['2025-01-02', 2500, 9022.9],
      ['2025-01-03', -42.1, 8980.8],
      ['2025-01-06', -950, 8030.8],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe('a page whose heading the scan misread reads under the heading the next page repeats', () => {
  // An Isle of Man Bank-style statement heads 'Paid' over 'in' and 'Paid' over 'out' beside 'Date',
  // 'Description' and 'Balance'. On page one the scan boxed each 'Paid' with the word under it, reading
  // 'Paid' and 'Paic' and no second line: no heading was found there and page one's 32 rows were lost (2
  // of 36 read). Page two's heading read cleanly, in the same place.
  const heading = (y: number, second: string[], under = ['in', 'out']): [number, CellSpec[]][] => [
    [
      y,
      [
        [40, 'Date'],
        [90, 'Description'],
        [290, second[0]!],
        [340, second[1]!],
        [390, 'Balance'],
      ],
    ],
    ...(second[1] === 'Paid'
      ? [[y + 10, under.map((text): CellSpec => [text === 'in' ? 300 : 345, text])] as [number, CellSpec[]]]
      : []),
  ];
  const entry = (y: number, date: string, text: string, paid: string, balance: string, out = true) =>
    [
      y,
      [
        [40, date],
        [90, text],
        [out ? 370 : 320, paid, 'r'],
        [430, balance, 'r'],
      ],
    ] as [number, CellSpec[]];
  const blocks = (pageOne: [number, CellSpec[]][] = heading(100, ['Paid', 'Paic'])) =>
    [
      ...pageBlocks([
        [30, [[40, 'Isle of Man Bank']]],
        [
          50,
          [
            [40, 'Statement'],
            [300, 'Period 14 May to 13 June 2025'],
          ],
        ],
        ...pageOne,
        [
          125,
          [
            [90, 'BROUGHT FORWARD'],
            [430, '1,842.33', 'r'],
          ],
        ],
        entry(137, '14 May', 'CARD PAYMENT TO CO-OP PORT ERIN', '7.52', '1,834.81'),
        entry(149, '15 May', 'DIRECT DEBIT MANX UTILITIES', '94.00', '1,740.81'),
        entry(161, '19 May', 'AUTOMATED CREDIT MANX TELECOM SAL', '2,412.75', '4,153.56', false),
      ]),
      ...pageBlocks(
        [
          ...heading(100, ['Paid', 'Paid']),
          entry(125, '02 Jun', 'CARD PAYMENT TO BUS VANNIN', '3.16', '4,150.40'),
          entry(137, '05 Jun', 'STANDING ORDER RENT J QUAYLE', '875.00', '3,275.40'),
          [
            149,
            [
              [90, 'CARRIED FORWARD'],
              [430, '3,275.40', 'r'],
            ],
          ],
        ],
        2,
      ),
    ]
      .map((b) => (b.BlockType === 'WORD' ? { ...b, Confidence: 95 } : b))
      // Page one's 'Paid' and 'Paic' boxed from the first heading line to the bottom of the second.
      .map((b) =>
        b.BlockType === 'WORD' && b.Page === 1 && /^Pai[dc]$/.test(b.Text ?? '')
          ? {
              ...b,
              Geometry: { BoundingBox: { ...b.Geometry.BoundingBox, Top: 95 / 800, Height: 24 / 800 } },
            }
          : b,
      );

  it("reads page one's rows too", () => {
    const s = read(blocks());
    expect(brief(s)).toEqual([
      ['2025-05-14', 'CARD PAYMENT TO CO-OP PORT ERIN', -7.52],
      ['2025-05-15', 'DIRECT DEBIT MANX UTILITIES', -94],
      ['2025-05-19', 'AUTOMATED CREDIT MANX TELECOM SAL', 2412.75],
      ['2025-06-02', 'CARD PAYMENT TO BUS VANNIN', -3.16],
      ['2025-06-05', 'STANDING ORDER RENT J QUAYLE', -875],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });

  it("and where page one's heading lost one column's second line ('Paid' over 'in' read 'Paid')", () => {
    const s = read(blocks(heading(100, ['Paid', 'Paid'], ['out'])));
    expect(brief(s)).toHaveLength(5);
    expect(brief(s)[2]).toEqual(['2025-05-19', 'AUTOMATED CREDIT MANX TELECOM SAL', 2412.75]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe('a speck between a summary panel and the table’s first column', () => {
  // A Lloyds Bank International-style statement prints its account summary left of the table on the
  // table's lines, a thin rule between them. A scan read the rule beside 'Account number 25140876' as
  // '~~~' touching the row's date: the panel's figure was no longer apart from the table and was read
  // into the description, the row's date lost and the reading confirmed with it wrong.
  const blocks = pageBlocks([
    [30, [[40, 'LLOYDS BANK INTERNATIONAL']]],
    [50, [[330, '01 April 2025 to 30 April 2025']]],
    [
      100,
      [
        [40, 'Account summary'],
        [200, 'Date'],
        [250, 'Description'],
        [430, 'Money In', 'r'],
        [490, 'Money Out', 'r'],
        [560, 'Balance', 'r'],
      ],
    ],
    [
      115,
      [
        [40, 'Account number'],
        [140, '25140876'],
        [183, '~~~'],
        [200, '01.04.25'],
        [250, 'LIBERTYBUS JERSEY'],
        [490, '2.05', 'r'],
        [560, '12,842.05', 'r'],
      ],
    ],
    [
      127,
      [
        [40, 'Balance on 01 April 2025'],
        [200, '02.04.25'],
        [250, 'JERSEY WATER'],
        [490, '46.30', 'r'],
        [560, '12,795.75', 'r'],
      ],
    ],
    [
      139,
      [
        [200, '04.04.25'],
        [250, 'STATES OF JERSEY SALARY'],
        [430, '4,125.00', 'r'],
        [560, '16,920.75', 'r'],
      ],
    ],
  ]).map((b) => (b.BlockType === 'WORD' ? { ...b, Confidence: b.Text === '~~~' ? 17 : 95 } : b));

  it('leaves the panel’s words out of the row', () => {
    expect(brief(read(blocks))).toEqual([
      ['2025-04-01', 'LIBERTYBUS JERSEY', -2.05],
      ['2025-04-02', 'JERSEY WATER', -46.3],
      ['2025-04-04', 'STATES OF JERSEY SALARY', 4125],
    ]);
  });
});
