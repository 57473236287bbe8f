import { describe, expect, it } from 'vitest';
import {
  completenessStatus,
  confidenceStatus,
  internalTransferShare,
  runVerification,
  summariseVerification,
  transactionSeverity,
} from '../../../functions/domain/verification';

describe('spec 2 §5 verification levels: completeness ≥95% verified, ≥85% warning, else attention', () => {
  it.each([
    [100, 'verified'],
    [95, 'verified'],
    [94.9, 'warning'],
    [85, 'warning'],
    [84.9, 'attention'],
    [0, 'attention'],
  ])('%s%% → %s', (pct, status) => {
    expect(completenessStatus(pct)).toBe(status);
  });

  it.each([
    ['high', 'verified'],
    ['medium', 'warning'],
    ['low', 'attention'],
    [null, 'attention'],
  ] as const)('classification confidence %s → %s', (level, status) => {
    expect(confidenceStatus(level)).toBe(status);
  });
});

describe('spec 2 §5 internal transfer share = abs internal / (abs income + abs expenses + abs internal)', () => {
  it.each([
    [{ income: 100, expenses: 100, internal: 200 }, 0.5],
    [{ income: -100, expenses: -50, internal: -50 }, 0.25],
    [{ income: 0, expenses: 0, internal: 0 }, 0],
    [{ income: 0, expenses: 0, internal: 10 }, 1],
  ])('%o → %s', (totals, share) => {
    expect(internalTransferShare(totals)).toBe(share);
  });
});

describe('spec 3 §4.2 verification severity per transaction: ≥0.9 excellent, ≥0.7 good, else attention', () => {
  it.each([
    [1, 'excellent'],
    [0.9, 'excellent'],
    [0.89, 'good'],
    [0.7, 'good'],
    [0.69, 'attention'],
    [null, 'attention'],
    [Number.NaN, 'attention'],
  ])('%s → %s', (c, s) => {
    expect(transactionSeverity(c)).toBe(s);
  });
});

describe('spec 2 §2 verification panel: checks, tiles and banner', () => {
  const good = (i: number, flow_type: string) => ({
    id: `t${i}`,
    amount: 10,
    description: 'x',
    type: 'debit',
    signed_amount: -10,
    flow_type,
  });

  it('all verified', () => {
    const rows = Array.from({ length: 20 }, (_, i) => good(i, i % 2 ? 'income' : 'external_expense'));
    const checks = runVerification(rows);
    expect(checks.map((c) => [c.title, c.status, c.value])).toEqual([
      ['Data Completeness', 'verified', '100.0%'],
      ['Classification Confidence', 'verified', 'high'],
      ['Internal Transfer Share', 'verified', '0.0%'],
    ]);
    expect(summariseVerification(checks)).toEqual({
      verified: 3,
      warnings: 0,
      attention: 0,
      banner: { title: 'All Systems Verified', tone: 'success' },
    });
  });

  it('90% complete, one low-confidence of 10, transfers dominate', () => {
    const rows = [
      ...Array.from({ length: 8 }, (_, i) => good(i, 'internal_transfer')),
      good(8, 'income'),
      { id: 't9', amount: 10, description: 'x', type: null, signed_amount: null, flow_type: 'mortgage_fee' },
    ];
    const checks = runVerification(rows);
    expect(checks.map((c) => c.status)).toEqual(['warning', 'warning', 'warning']);
    expect(checks[0]!.value).toBe('90.0%');
    expect(checks[2]!.value).toBe('80.0%');
    expect(summariseVerification(checks).banner).toEqual({
      title: 'Minor Warnings Detected',
      tone: 'warning',
    });
  });

  it('issues found when anything needs attention; empty data needs attention', () => {
    const checks = runVerification([]);
    expect(checks[0]!.status).toBe('attention');
    expect(summariseVerification(checks).banner).toEqual({
      title: 'Verification Issues Found',
      tone: 'danger',
    });
  });
});
