import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../functions/domain/statement';
import { type LineSpec, pageBlocks } from './blocks';

describe("a section's title at the foot of a page, its rows on the next ('Payments in' the page's last line)", () => {
  // Evidence: statements grouping the month's entries by payment type (the Co-operative Bank's and credit
  // unions' "payments by type" print) break the page wherever it fills, so a section's title may be the last
  // line of a page and its rows start the next, under the next page's own furniture (the account's number,
  // 'Page 2 of 2'), as a table's headings printed once carry over. The title gave nothing there: the page's
  // footer and the next page's first line ended it, and every row under it was guessed from its description
  // (a lodger's 'RENT SHARE' and a 'VINTED' sale read as money out).
  type Row = [date: string, description: string, pence: number];
  const money = (p: number) =>
    (Math.abs(p) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sections: Array<[string, Row[]]> = [
    [
      'Direct Debits',
      [
        ['01/02/2025', 'OCTOPUS ENERGY', -14200],
        ['01/02/2025', 'HMRC SELF ASSESSMENT', -31250],
        ['03/02/2025', 'BIRMINGHAM CITY COUNCIL', -17800],
        ['10/02/2025', 'BARCLAYCARD CREDIT CARD', -8600],
        ['15/02/2025', 'AVIVA INSURANCE', -4112],
        ['24/02/2025', 'PUREGYM LTD', -2299],
      ],
    ],
    [
      'Card Payments',
      [
        ['02/02/2025', 'ALDI 84 SELLY OAK', -3417],
        ['05/02/2025', 'NATIONAL EXPRESS WM', -460],
        ['08/02/2025', 'ASDA SUPERSTORE 4288', -6843],
        ['11/02/2025', 'GREGGS 1174', -395],
        ['13/02/2025', 'BOOTS 3311', -1249],
        ['21/02/2025', 'ODEON CINEMAS', -2180],
        ['22/02/2025', 'WH SMITH 0042', -899],
      ],
    ],
    [
      'Payments In',
      [
        ['14/02/2025', 'BGC UNIVERSITY OF BHAM', 231604],
        ['17/02/2025', 'J SMITH RENT SHARE', 45000],
        ['20/02/2025', 'VINTED LTD', 2350],
        ['26/02/2025', 'CHILD BENEFIT', 10260],
      ],
    ],
  ];
  const opening = 94512;
  const all = sections.flatMap(([, rows]) => rows);
  const closing = opening + all.reduce((n, [, , p]) => n + p, 0);

  const blocks = () => {
    const first: LineSpec[] = [
      [30, [[40, 'The co-operative bank']]],
      [45, [[40, 'Statement period 01/02/2025 to 28/02/2025']]],
      [
        70,
        [
          [40, 'Date'],
          [110, 'Details'],
          [450, 'Amount \u00a3', 'r'],
        ],
      ],
    ];
    const second: LineSpec[] = [
      [
        30,
        [
          [40, 'Account 12345678'],
          [400, 'Page 2 of 2'],
        ],
      ],
    ];
    let lines = first;
    let y = 90;
    for (const [title, rows] of sections) {
      if (title === 'Payments In') {
        // The title is the page's last line but its footer; its rows start the next page.
        first.push([740, [[40, title]]]);
        first.push([770, [[280, 'Page 1 of 2']]]);
        lines = second;
        y = 60;
      } else {
        lines.push([y, [[40, title]]]);
        y += 14;
      }
      for (const [date, description, pence] of rows) {
        lines.push([
          y,
          [
            [40, date],
            [110, description],
            [450, money(pence), 'r'],
          ],
        ]);
        y += 12;
      }
      lines.push([
        y,
        [
          [110, `Total ${title}`],
          [450, money(rows.reduce((n, [, , p]) => n + p, 0)), 'r'],
        ],
      ]);
      y += 20;
    }
    for (const [label, pence] of [
      ['Opening balance', opening],
      ['Closing balance', closing],
    ] as const) {
      second.push([
        y,
        [
          [110, label],
          [450, money(pence), 'r'],
        ],
      ]);
      y += 12;
    }
    return [...pageBlocks(first, 1), ...pageBlocks(second, 2)];
  };

  it("carries the title over the page's footer and the next page's furniture to the rows under it", () => {
    const result = readStatement(blocks());
    if (!result.ok) throw new Error(result.message);
    const s = result.statement;
    expect(s.transactions.map((t) => [t.description, Math.round(t.signedAmount * 100)])).toEqual(
      all.map(([, d, p]) => [d, p]),
    );
    expect(s.reconciliation.ok).toBe(true);
    expect(s.warnings.join(' ')).not.toMatch(/guessed from the description/);
  });
});
