import { describe, expect, it } from 'vitest';
import {
  reconciliationProblems,
  type StatementSpan,
  statementGaps,
  statementOverlaps,
} from '../../../functions/domain/verification';

const span = (fileName: string, start: string, end: string, ok = true): StatementSpan => ({
  uploadId: fileName,
  fileName,
  period: { start, end },
  reconciliation: {
    ok,
    breaks: ok ? [] : [{ row: 3, expected: 10, actual: 12.5, reason: 'balance jumps' }],
  },
});

describe('statement checks (beyond spec 2 §2 Verification panel)', () => {
  it('gaps: months with no statement between the first and the last, across a year end', () => {
    expect(
      statementGaps([
        { start: '2025-11-01', end: '2025-11-30' },
        { start: '2026-02-03', end: '2026-03-02' },
      ]),
    ).toEqual(['2025-12', '2026-01']);
    // a statement from mid-month to mid-month covers both months
    expect(
      statementGaps([
        { start: '2026-01-15', end: '2026-02-14' },
        { start: '2026-03-15', end: '2026-04-14' },
      ]),
    ).toEqual([]);
    expect(statementGaps([])).toEqual([]);
  });

  it('overlaps: statements of one account sharing days, and how many', () => {
    expect(
      statementOverlaps([
        span('b', '2026-01-20', '2026-02-19'),
        span('a', '2026-01-01', '2026-01-31'),
        span('c', '2026-03-01', '2026-03-31'),
      ]),
    ).toEqual([{ first: 'a', second: 'b', from: '2026-01-20', to: '2026-01-31', days: 12 }]);
    // consecutive statements do not overlap
    expect(
      statementOverlaps([span('a', '2026-01-01', '2026-01-31'), span('b', '2026-02-01', '2026-02-28')]),
    ).toEqual([]);
    // one inside another
    expect(
      statementOverlaps([span('a', '2026-01-01', '2026-03-31'), span('b', '2026-02-01', '2026-02-28')])[0],
    ).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      days: 28,
    });
  });

  it('reconciliation: the statements that do not add up, and where', () => {
    expect(
      reconciliationProblems([
        span('ok', '2026-01-01', '2026-01-31'),
        span('bad', '2026-02-01', '2026-02-28', false),
      ]),
    ).toEqual([
      {
        fileName: 'bad',
        uploadId: 'bad',
        where: ['row 3: expected balance 10.00, statement shows 12.50 (balance jumps)'],
      },
    ]);
  });
});
