import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../../functions/domain/statement';
import {
  generateBigStatement,
  generateStatement,
  LAYOUTS,
  type StatementTruth,
} from '../../fixtures/statements/generate';

async function parse(pdf: Buffer) {
  const text = await extractTextLayer(new Uint8Array(pdf));
  if (!text.ok) throw new Error(text.message);
  const result = readStatement(text.blocks);
  if (!result.ok) throw new Error(result.message);
  return result.statement;
}

function expectExact(statement: Awaited<ReturnType<typeof parse>>, truth: StatementTruth) {
  const { layout: _layout, postedDates, ...truthRest } = truth;
  // A second date column (a card's process date) comes back as each transaction's postedDate.
  const want = {
    ...truthRest,
    // Every generated layout is a pound account.
    currency: 'GBP',
    transactions: truthRest.transactions.map((t, i) =>
      postedDates?.[i] ? { ...t, postedDate: postedDates[i] } : t,
    ),
  };
  const { reconciliation, warnings, yearSource, statementDate: _statementDate, ...got } = statement;
  // Every layout prints its period or full dates: the year never comes from elsewhere.
  expect(['period', 'printed']).toContain(yearSource);
  expect(got.transactions).toHaveLength(want.transactions.length);
  // Row by row first, for a readable failure.
  got.transactions.forEach((t, i) => {
    expect(t, `transaction ${i}`).toEqual(want.transactions[i]);
  });
  expect(got).toEqual(want);
  expect(reconciliation).toEqual({ ok: true, breaks: [] });
  expect(warnings).toEqual([]);
}

describe('spec 2 §3 statement layouts: every generated UK layout parses exactly and reconciles', () => {
  it.each(LAYOUTS)('%s', async (layout) => {
    const { pdf, truth } = await generateStatement(layout);
    expectExact(await parse(pdf), truth);
  });

  it.each(LAYOUTS)('%s, another seed', async (layout) => {
    const { pdf, truth } = await generateStatement(layout, { seed: 4242 });
    expectExact(await parse(pdf), truth);
  });

  it.each(LAYOUTS)(
    '%s, read from OCR-like words (glyph-height boxes, jitter, a slight skew)',
    async (layout) => {
      const { pdf, truth } = await generateStatement(layout);
      const text = await extractTextLayer(new Uint8Array(pdf));
      if (!text.ok) throw new Error(text.message);
      let seed = 7;
      const noise = () => {
        seed = (seed * 16807) % 2147483647;
        return seed / 2147483647 - 0.5;
      };
      const blocks = text.blocks
        .filter((b) => b.BlockType !== 'LINE')
        .map((b) => {
          const box = b.Geometry.BoundingBox;
          const height = box.Height * 0.75;
          return b.BlockType === 'WORD'
            ? {
                ...b,
                Geometry: {
                  BoundingBox: {
                    Left: box.Left + noise() * 0.002,
                    Width: box.Width,
                    Top: box.Top + box.Height * 0.15 + noise() * 0.3 * height + 0.002 * box.Left,
                    Height: height,
                  },
                },
              }
            : b;
        });
      const result = readStatement(blocks);
      if (!result.ok) throw new Error(result.message);
      expectExact(result.statement, truth);
    },
  );

  it('the layouts cover what they claim', async () => {
    const truths = await Promise.all(LAYOUTS.map(async (l) => (await generateStatement(l)).truth));
    const by = Object.fromEntries(truths.map((t) => [t.layout, t]));
    expect(by['multi-page']!.pages).toBeGreaterThanOrEqual(3);
    expect(by['multi-page']!.period).toEqual({ start: '2024-12-06', end: '2025-01-05' });
    expect(by['daily-balance']!.transactions.some((t) => t.balance === null)).toBe(true);
    expect(by['amount-cr-dr']!.transactions.some((t) => (t.balance ?? 0) < 0)).toBe(true);
    expect(by['amount-cr-dr']!.closingBalance).toBeLessThan(0);
    expect(by['credit-card']!.accountKind).toBe('credit_card');
    expect(
      by['credit-card']!.transactions.some((t) => t.description === 'PAYMENT RECEIVED - THANK YOU'),
    ).toBe(true);
    expect(by['multi-line']!.transactions.some((t) => t.description.split(' ').length > 5)).toBe(true);
    expect(new Set(truths.map((t) => t.institution)).size).toBe(LAYOUTS.length);
  });

  it('the 12-page benchmark statement parses exactly', async () => {
    const { pdf, truth } = await generateBigStatement();
    expect(truth.pages).toBe(12);
    expect(truth.transactions.length).toBeGreaterThanOrEqual(400);
    expectExact(await parse(pdf), truth);
  });
});
