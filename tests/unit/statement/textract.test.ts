import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Block as TextractBlock } from '@aws-sdk/client-textract';
import { describe, expect, it } from 'vitest';
import {
  collectTextractBlocks,
  type TextractPage,
  toStatementBlocks,
} from '../../../functions/adapters/textract/blocks';
import { readStatement } from '../../../functions/domain/statement';

const FIXTURES = join(import.meta.dirname, '../../fixtures/textract');
const recorded = (name: string): TextractPage & { Blocks: TextractBlock[] } =>
  JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));

const count = (blocks: ReadonlyArray<{ BlockType?: string }>) =>
  blocks.reduce<Record<string, number>>((acc, b) => {
    acc[b.BlockType ?? '?'] = (acc[b.BlockType ?? '?'] ?? 0) + 1;
    return acc;
  }, {});

/** A fake GetDocumentTextDetection: serves `pages` in turn, checking the NextToken it is given. */
function serve(pages: TextractPage[]) {
  const tokens: Array<string | undefined> = [];
  const fetchPage = async (nextToken?: string) => {
    tokens.push(nextToken);
    const index = nextToken ? Number(nextToken.replace('token-', '')) : 0;
    return pages[index]!;
  };
  return { fetchPage, tokens };
}

describe('spec 2 §3 Textract adapter: recorded responses to the reader blocks', () => {
  it('DetectDocumentText: PAGE, LINE and WORD blocks with their text and geometry', () => {
    const response = recorded('textractor__test_detect_document_text.json');
    const blocks = toStatementBlocks(response.Blocks);
    expect(count(blocks)).toEqual({ PAGE: 1, LINE: 24, WORD: 51 });
    const lines = blocks.filter((b) => b.BlockType === 'LINE').map((b) => b.Text);
    expect(lines.slice(0, 6)).toEqual([
      'Textractor Test',
      'Document',
      'Page (1)',
      'Key - Values',
      'Name of package: Textractor',
      'Date : 08/14/2022',
    ]);
    // The synchronous API leaves Page out: page 1.
    expect(blocks.every((b) => b.Page === 1)).toBe(true);
    const first = blocks.find((b) => b.BlockType === 'LINE')!;
    expect(first.Geometry.BoundingBox.Left).toBeCloseTo(0.16, 2);
    expect(first.Relationships?.[0]?.Ids).toHaveLength(2);
    // No header names a date and a money column: not a statement.
    expect(readStatement(blocks)).toMatchObject({ ok: false, reason: 'no_transaction_table' });
  });

  it('AnalyzeDocument: TABLE, CELL, KEY_VALUE_SET and the like are left out', () => {
    const response = recorded('trp__table-example-response.json');
    expect(count(response.Blocks)).toMatchObject({ TABLE: 1, CELL: 30, MERGED_CELL: 3 });
    const blocks = toStatementBlocks(response.Blocks);
    expect(count(blocks)).toEqual({ PAGE: 1, LINE: 20, WORD: 27 });
    expect(blocks.filter((b) => b.BlockType === 'WORD').every((b) => !b.Relationships)).toBe(true);
  });

  it('drops blocks without geometry or id', () => {
    expect(
      toStatementBlocks([
        { BlockType: 'WORD', Id: 'a', Text: 'x' },
        {
          BlockType: 'WORD',
          Text: 'y',
          Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 0.1, Height: 0.1 } },
        },
        { BlockType: 'WORD', Id: 'b', Geometry: { BoundingBox: {} } },
      ]),
    ).toEqual([
      {
        BlockType: 'WORD',
        Id: 'b',
        Page: 1,
        Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 0, Height: 0 } },
      },
    ]);
  });
});

describe('spec 2 §3 Textract adapter: result pages joined by NextToken', () => {
  const whole = recorded('trp__table-example-response.json');
  const half = Math.floor(whole.Blocks.length / 2);
  const split: TextractPage[] = [
    {
      JobStatus: 'SUCCEEDED',
      DocumentMetadata: { Pages: 1 },
      Blocks: whole.Blocks.slice(0, half),
      NextToken: 'token-1',
    },
    { JobStatus: 'SUCCEEDED', DocumentMetadata: { Pages: 1 }, Blocks: whole.Blocks.slice(half) },
  ];

  it('gathers every page, passing each NextToken on', async () => {
    const { fetchPage, tokens } = serve(split);
    const result = await collectTextractBlocks(fetchPage);
    expect(tokens).toEqual([undefined, 'token-1']);
    if (!result.ok) throw new Error(result.message);
    expect(result.blocks).toEqual(toStatementBlocks(whole.Blocks));
    expect(result.pages).toBe(1);
    expect(result.warnings).toEqual([]);
  });

  it('the gathered blocks read as the bank-statement table they show', async () => {
    const result = await collectTextractBlocks(serve(split).fetchPage);
    if (!result.ok) throw new Error(result.message);
    const read = readStatement(result.blocks);
    if (!read.ok) throw new Error(read.message);
    const s = read.statement;
    expect([s.openingBalance, s.closingBalance]).toEqual([11000, 10960]);
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance])).toEqual([
      ['2022-01-01', 'Payment - Credit Card', -1000, 10000],
      ['2022-01-01', 'Payment - Utility', -40, 9960],
      ['2022-01-02', 'Deposit', 1000, 10960],
    ]);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });

  it('a job still running, a failed job, a looping token and an empty result are values', async () => {
    expect(await collectTextractBlocks(serve([{ JobStatus: 'IN_PROGRESS' }]).fetchPage)).toEqual({
      ok: false,
      reason: 'in_progress',
      message: 'Your statement is still being read.',
    });
    expect(
      await collectTextractBlocks(serve([{ JobStatus: 'FAILED', StatusMessage: 'bad' }]).fetchPage),
    ).toMatchObject({
      ok: false,
      reason: 'failed',
    });
    const looping = serve([{ Blocks: [], NextToken: 'token-0' }]);
    expect(await collectTextractBlocks(looping.fetchPage)).toMatchObject({ ok: false, reason: 'failed' });
    expect(
      await collectTextractBlocks(
        serve([
          { Blocks: [], NextToken: 'token-1' },
          { Blocks: [], NextToken: 'token-2' },
        ]).fetchPage,
        { maxRequests: 2 },
      ),
    ).toMatchObject({ ok: false, reason: 'failed' });
    expect(
      await collectTextractBlocks(serve([{ JobStatus: 'SUCCEEDED', Blocks: [] }]).fetchPage),
    ).toMatchObject({
      ok: false,
      reason: 'no_text',
    });
  });

  it('a partial success is read, with a warning', async () => {
    const result = await collectTextractBlocks(
      serve([{ ...split[1]!, JobStatus: 'PARTIAL_SUCCESS' }]).fetchPage,
    );
    expect(result).toMatchObject({ ok: true, warnings: ['Textract read only part of this statement.'] });
  });
});

describe('spec 2 §3 statement reader on other recorded bank tables', () => {
  it('year rows, a row-spanning date and figures far right of their headings (CENTRAL BANK)', () => {
    const read = readStatement(toStatementBlocks(recorded('trp__2023-Q2-table-model-sample.json').Blocks));
    if (!read.ok) throw new Error(read.message);
    const s = read.statement;
    expect([s.openingBalance, s.closingBalance]).toEqual([11000, 11000]);
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance])).toEqual([
      ['2022-12-24', 'Payment Credit Card', -1000, 10000],
      ['2022-12-24', 'Payment Utility', -40, 9960],
      ['2022-12-31', 'Deposit', 1000, 10960],
      ['2023-01-15', 'Deposit', 40, 11000],
    ]);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });

  it('a two-line heading, wrapped details and a US date order (Bank of Something)', () => {
    const read = readStatement(
      toStatementBlocks(recorded('trp__tables_with_merged_cells_sample2.json').Blocks),
    );
    if (!read.ok) throw new Error(read.message);
    const s = read.statement;
    expect(s.period).toEqual({ start: '2022-02-01', end: '2022-02-28' });
    expect(s.openingBalance).toBe(1458.09);
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance])).toEqual([
      ['2022-02-02', 'Life Insurance Payments Credit ID: 12345 8975656', 3000, 8000],
      ['2022-02-02', 'XXX Property Management Debit Company ID: 678987', -2495, 5000],
      ['2022-02-04', 'Retail Purchase Walmart Debit Store ID 0012345', -550, 5550],
    ]);
    // The sample's own balances do not add up; the reader says so rather than bending the figures.
    expect(s.reconciliation.ok).toBe(false);
  });
});
