import { describe, expect, it } from 'vitest';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { pageBlocks, rowsFrom } from './blocks';

/**
 * Column headings printed on two lines are one heading: 'ACCOUNT' over 'BALANCE' (Virgin Money, Metro) under
 * a first line that reads on its own ('Date Description Money out Money in ACCOUNT'), 'Paid' over 'out'
 * (Barclays). The balance column is then never money out: no transaction is invented from a printed balance.
 */
function read(blocks: Block[]): ParsedStatement {
  const result = readStatement(blocks);
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance]);

describe('two-line column headings', () => {
  it("'ACCOUNT' over 'BALANCE' under a first line that reads alone: the balance column is not money out", () => {
    const s = read(
      pageBlocks([
        [40, [[40, 'Statement period 1 June to 30 June 2025']]],
        [
          100,
          [
            [40, 'DATE'],
            [110, 'DESCRIPTION'],
            [400, 'MONEY OUT', 'r'],
            [480, 'MONEY IN', 'r'],
            [560, 'ACCOUNT', 'r'],
          ],
        ],
        [111, [[560, 'BALANCE', 'r']]],
        ...rowsFrom(126, 12, [
          [
            [40, '12 Jun'],
            [110, 'COSTA COFFEE'],
            [400, '3.50', 'r'],
            [560, '96.50', 'r'],
          ],
          [
            [40, '16 Jun'],
            [110, 'SALARY ACME LTD'],
            [480, '100.00', 'r'],
            [560, '196.50', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-06-12', 'COSTA COFFEE', -3.5, 96.5],
      ['2025-06-16', 'SALARY ACME LTD', 100, 196.5],
    ]);
  });

  it("'Paid' over 'out' and 'Paid' over 'in'", () => {
    const s = read(
      pageBlocks([
        [40, [[40, 'Statement period 1 June to 30 June 2025']]],
        [
          100,
          [
            [40, 'Date'],
            [110, 'Description'],
            [400, 'Paid', 'r'],
            [480, 'Paid', 'r'],
            [560, 'Balance', 'r'],
          ],
        ],
        [
          111,
          [
            [400, 'out', 'r'],
            [480, 'in', 'r'],
          ],
        ],
        ...rowsFrom(126, 12, [
          [
            [40, '12 Jun'],
            [110, 'COSTA COFFEE'],
            [400, '3.50', 'r'],
            [560, '96.50', 'r'],
          ],
          [
            [40, '16 Jun'],
            [110, 'REFUND'],
            [480, '1.50', 'r'],
            [560, '98.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-06-12', 'COSTA COFFEE', -3.5, 96.5],
      ['2025-06-16', 'REFUND', 1.5, 98],
    ]);
  });

  it('a first row of the table under a one-line heading is not taken for a second heading line', () => {
    const s = read(
      pageBlocks([
        [40, [[40, 'Statement period 1 June to 30 June 2025']]],
        [
          100,
          [
            [40, 'Date'],
            [110, 'Description'],
            [400, 'Money out', 'r'],
            [480, 'Money in', 'r'],
            [560, 'Balance', 'r'],
          ],
        ],
        [111, [[110, 'Opening balance']]],
        [
          123,
          [
            [40, '12 Jun'],
            [110, 'COSTA COFFEE'],
            [400, '3.50', 'r'],
            [560, '96.50', 'r'],
          ],
        ],
      ]),
    );
    expect(brief(s)).toEqual([['2025-06-12', 'COSTA COFFEE', -3.5, 96.5]]);
  });
});

describe('Irish and Northern Irish money-in headings', () => {
  it("'Withdrawn' and 'Lodged' (Danske Bank): a lodgement is money in, not money out", () => {
    const s = read(
      pageBlocks([
        [40, [[40, 'Statement 01.09.25 to 30.09.25']]],
        [
          100,
          [
            [40, 'Date'],
            [110, 'Details'],
            [400, 'Withdrawn', 'r'],
            [480, 'Lodged', 'r'],
            [560, 'Balance', 'r'],
          ],
        ],
        ...rowsFrom(114, 12, [
          [
            [40, '02.09.25'],
            [110, 'TESCO STORES'],
            [400, '10.00', 'r'],
            [560, '90.00', 'r'],
          ],
          [
            [40, '09.09.25'],
            [110, 'HMRC CHILD BENEFIT'],
            [480, '102.00', 'r'],
            [560, '192.00', 'r'],
          ],
          [
            [40, '12.09.25'],
            [110, 'BOOTS'],
            [400, '2.00', 'r'],
            [560, '190.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-09-02', 'TESCO STORES', -10, 90],
      ['2025-09-09', 'HMRC CHILD BENEFIT', 102, 192],
      ['2025-09-12', 'BOOTS', -2, 190],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("card statements' 'Date entered' column", () => {
  it("'Date of transaction' then 'Date entered' (Halifax, Bank of Scotland, MBNA): the first is the transaction's date, the second its posted date", () => {
    const s = read(
      pageBlocks([
        [40, [[40, 'Halifax Credit Card statement 1 March 2025 to 31 March 2025']]],
        [
          60,
          [
            [40, 'Previous balance'],
            [300, '100.00', 'r'],
          ],
        ],
        [
          72,
          [
            [40, 'New balance'],
            [300, '112.00', 'r'],
          ],
        ],
        [
          100,
          [
            [40, 'Date of'],
            [120, 'Date'],
            [200, 'Description'],
            [560, 'Amount', 'r'],
          ],
        ],
        [
          111,
          [
            [40, 'transaction'],
            [120, 'entered'],
          ],
        ],
        ...rowsFrom(126, 12, [
          [
            [40, '3 March'],
            [120, '4 March'],
            [200, 'TESCO STORES'],
            [560, '10.00', 'r'],
          ],
          [
            [40, '9 March'],
            [120, '11 March'],
            [200, 'NON-STERLING TRANSACTION FEE'],
            [560, '2.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => [t.date, t.postedDate, t.description, t.signedAmount])).toEqual([
      ['2025-03-03', '2025-03-04', 'TESCO STORES', -10],
      ['2025-03-09', '2025-03-11', 'NON-STERLING TRANSACTION FEE', -2],
    ]);
  });
});

describe('two headings printed touching, read by a scan as one word', () => {
  // An American Express-style charge card prints 'Transaction date' and 'Process date' in 7 pt, 3 pt too
  // close: the e of 'date' lies under the P of 'Process'. The local OCR read 'Transaction datProcess date'
  // (and, on the shaded first page, 'datrocess'), so no date column was found and every row was dated
  // 1 January, the dates leading the descriptions.
  const statement = (merged: string) =>
    pageBlocks([
      [30, [[40, 'American Express']]],
      [50, [[40, 'Statement period 20 September 2025 to 19 October 2025']]],
      [60, [[40, 'Previous balance £1,204.50']]],
      [70, [[40, 'New balance £370.50']]],
      [
        100,
        [
          [40, 'Transaction'],
          [100, merged],
          [155, 'date'],
          [200, 'Transaction details'],
          [560, 'Amount £', 'r'],
        ],
      ],
      ...rowsFrom(115, 12, [
        [
          [40, 'Sept 21'],
          [115, 'Sept 22'],
          [200, 'PAYMENT RECEIVED - THANK YOU'],
          [560, '1,204.50 CR', 'r'],
        ],
        [
          [40, 'Sept 22'],
          [115, 'Sept 23'],
          [200, 'BRITISH AIRWAYS LONDON'],
          [560, '348.00', 'r'],
        ],
        [
          [40, 'Oct 01'],
          [115, 'Oct 02'],
          [200, 'WAITROSE 0187 LONDON'],
          [560, '22.50', 'r'],
        ],
      ]),
    ]);

  it.each([
    ["the e lost under the P ('datProcess')", 'datProcess'],
    ["the e and the P lost ('datrocess')", 'datrocess'],
  ])('%s: the transaction date and the process date are two columns', (_, merged) => {
    const s = read(statement(merged));
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount])).toEqual([
      ['2025-09-21', 'PAYMENT RECEIVED - THANK YOU', 1204.5],
      ['2025-09-22', 'BRITISH AIRWAYS LONDON', -348],
      ['2025-10-01', 'WAITROSE 0187 LONDON', -22.5],
    ]);
  });
});

describe('two headings printed close, read by a scan as one word with no letter lost', () => {
  // A Sainsbury's Bank-style card heads 'Transaction date | Description | Posting date | Amount', the
  // description's heading a space after 'date': the local OCR read 'Transaction dateDescription', no date
  // column was found, every row was dated by its posting date with its transaction date leading the
  // description (sent to the check, none of its 52 rows right).
  it("'dateDescription' is the transaction date's heading and the description's", () => {
    const s = read(
      pageBlocks([
        [30, [[40, "Sainsbury's Bank Credit Card Statement"]]],
        [50, [[40, 'Statement date 13 Apr 26']]],
        [60, [[40, 'Previous balance £100.00']]],
        [70, [[40, 'New balance £142.00']]],
        [
          100,
          [
            [40, 'Transaction'],
            [100, 'dateDescription'],
            [350, 'Posting date'],
            [560, 'Amount', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [
            [40, '14 Mar 26'],
            [125, 'SAINSBURYS S/MKT 0883'],
            [350, '16 Mar 26'],
            [560, '0.99', 'r'],
          ],
          [
            [40, '15 Mar 26'],
            [125, 'HABITAT'],
            [350, '17 Mar 26'],
            [560, '41.01', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => [t.date, t.postedDate, t.description, t.signedAmount])).toEqual([
      ['2026-03-14', '2026-03-16', 'SAINSBURYS S/MKT 0883', -0.99],
      ['2026-03-15', '2026-03-17', 'HABITAT', -41.01],
    ]);
  });
});

describe("a wrapped heading's first letter boxed by a scan with the letter over it", () => {
  // A Virgin Money-style credit card heads its dates 'Transaction' over 'date', the T right over the d, with
  // a box beside the table ('Statement date' over '13 June 25'). The local OCR boxed the d with the T (the
  // T's box reaching down over the second line) and read 'ate': no date column was found on the first page,
  // every row there was dated the statement date with its own date leading the description, and the figures
  // still added up.
  const statement = (second: string) => {
    const blocks = pageBlocks([
      [30, [[40, 'Virgin Money Credit Card Statement']]],
      [
        100,
        [
          [40, 'Transaction'],
          [110, 'Description'],
          [400, 'Amount £', 'r'],
          [460, 'Statement date'],
        ],
      ],
      [
        111,
        [
          [45, second],
          [460, '13 June 25'],
        ],
      ],
      [
        124,
        [
          [110, "LAST MONTH'S BALANCE"],
          [400, '412.37', 'r'],
        ],
      ],
      ...rowsFrom(140, 12, [
        [
          [40, '19 May'],
          [110, 'DIRECT DEBIT PAYMENT - THANK YOU'],
          [400, '150.00 CR', 'r'],
        ],
        [
          [40, '2 June'],
          [110, 'SHELL GOSFORTH'],
          [400, '47.69', 'r'],
        ],
        [
          [40, '5 June'],
          [110, 'GREGGS PLC NEWCASTLE'],
          [400, '7.24', 'r'],
        ],
      ]),
      [
        190,
        [
          [110, 'NEW BALANCE'],
          [400, '317.30', 'r'],
        ],
      ],
    ]);
    // The T's box reaches down over the line under it.
    const t = blocks.find((b) => b.BlockType === 'WORD' && b.Text === 'Transaction')!.Geometry!.BoundingBox!;
    t.Height = 20 / 800;
    return blocks;
  };

  it("'ate' under a word whose box reaches down over the place of its lost 'd' is 'date'", () => {
    const s = read(statement('ate'));
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount])).toEqual([
      ['2025-05-19', 'DIRECT DEBIT PAYMENT - THANK YOU', 150],
      ['2025-06-02', 'SHELL GOSFORTH', -47.69],
      ['2025-06-05', 'GREGGS PLC NEWCASTLE', -7.24],
    ]);
  });
});
