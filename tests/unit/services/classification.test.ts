import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLASSIFICATION_FALLBACK } from '../../../functions/domain/ai-result';
import type {
  AiClassificationResult,
  CorrectableFlowType,
  LearnedPattern,
} from '../../../functions/domain/types';
import {
  AI_MAX_FAILED_BATCHES,
  type ClassificationRow,
  classifyTransactions,
} from '../../../functions/services/classification';
import { logger } from '../../../functions/shared/logger';
import type { AiClassificationItem, AiClassifier } from '../../../functions/shared/ports';

const CURRENT = { name: 'Joint current', account_type: 'current', bank_name: 'Nationwide' };
const SAVINGS = { name: 'Rainy day', account_type: 'savings', bank_name: 'Nationwide' };

const debit = (id: string, description: string, amount = 20): ClassificationRow => ({
  id,
  description,
  amount,
  signed_amount: -amount,
  type: 'debit',
});
const credit = (id: string, description: string, amount = 20): ClassificationRow => ({
  id,
  description,
  amount,
  signed_amount: amount,
  type: 'credit',
});
const undirected = (id: string, description: string): ClassificationRow => ({
  id,
  description,
  amount: 10,
  signed_amount: null,
  type: null,
});

const BAKERY_PATTERN: LearnedPattern = {
  family_id: 'fam-1',
  pattern_type: 'user_correction',
  pattern_rules: { description_contains: ['LITTLE BAKERY'], flow_type: 'internal_transfer', confidence: 0.8 },
  confidence_score: 0.8,
  confirmed_by_user: true,
};

/** A fake classifier: answers with `answer(item)` (null = failure) and records each batch it is given. */
function fakeAi(
  answer: (item: AiClassificationItem) => unknown,
  batchSize = 12,
): AiClassifier & { batches: AiClassificationItem[][]; most: number } {
  let running = 0;
  const fake = {
    batchSize,
    batches: [] as AiClassificationItem[][],
    most: 0,
    async classify(items: readonly AiClassificationItem[]) {
      fake.batches.push([...items]);
      running++;
      fake.most = Math.max(fake.most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      return items.map((item) => answer(item) as AiClassificationResult | null);
    },
  };
  return fake;
}

const ai = (
  flow_type: CorrectableFlowType,
  confidence = 0.88,
  reasoning = 'Model says so',
): AiClassificationResult => ({
  flow_type,
  confidence,
  reasoning,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('spec 2 §5 rules first: learned patterns, then the rule table (no AI configured)', () => {
  it('patterns win over rules; rule answers are kept; rows no rule fits stay unclassified', async () => {
    const rows = [
      debit('t1', 'SQ *THE LITTLE BAKERY', 6.4),
      debit('t2', 'TFR 12345678 SAVINGS', 100),
      debit('t3', 'TESCO STORES 3297', 45.1),
      debit('t4', 'CHQ 000123', 120),
      credit('t5', 'PAYM 07700 900123', 40),
      undirected('t6', 'MYSTERY LINE'),
    ];
    const result = await classifyTransactions(rows, CURRENT, [BAKERY_PATTERN], null);
    expect([...result.keys()]).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
    expect(result.get('t1')).toMatchObject({
      flow_type: 'internal_transfer',
      confidence: 0.8,
      method: 'ai_auto',
      source: 'pattern',
    });
    expect(result.get('t2')).toMatchObject({
      flow_type: 'internal_transfer',
      confidence: 0.95,
      source: 'rules',
    });
    expect(result.get('t3')).toMatchObject({
      flow_type: 'external_expense',
      confidence: 0.95,
      source: 'rules',
    });
    expect(result.get('t4')).toMatchObject({
      flow_type: 'external_expense',
      confidence: 0.6,
      source: 'rules',
    });
    expect(result.get('t5')).toMatchObject({ flow_type: 'income', confidence: 0.6, source: 'rules' });
    expect(result.get('t6')).toBeNull();
  });

  it('no rows, no work', async () => {
    const fake = fakeAi(() => ai('income'));
    expect((await classifyTransactions([], CURRENT, [], fake)).size).toBe(0);
    expect(fake.batches).toHaveLength(0);
  });
});

describe('spec 2 §7 AI classification call: which rows go to the AI, and what it is told', () => {
  it('rows without a rule and rows with only a catch-all rule (0.60) go; confident ones do not', async () => {
    const fake = fakeAi(() => ai('external_expense', 0.9));
    const rows = [
      debit('t1', 'SQ *THE LITTLE BAKERY', 6.4),
      debit('t2', 'TFR 12345678 SAVINGS', 100),
      debit('t3', 'TESCO STORES 3297', 45.1),
      credit('t4', 'PAYM 07700 900123', 40),
      undirected('t5', 'MYSTERY LINE'),
    ];
    const result = await classifyTransactions(rows, CURRENT, [], fake);
    expect(fake.batches).toHaveLength(1);
    expect(fake.batches[0]).toEqual([
      {
        description: 'SQ *THE LITTLE BAKERY',
        amount: 6.4,
        direction: 'out',
        account_name: 'Joint current',
        account_type: 'current',
        bank_name: 'Nationwide',
      },
      {
        description: 'PAYM 07700 900123',
        amount: 40,
        direction: 'in',
        account_name: 'Joint current',
        account_type: 'current',
        bank_name: 'Nationwide',
      },
      {
        description: 'MYSTERY LINE',
        amount: 10,
        direction: null,
        account_name: 'Joint current',
        account_type: 'current',
        bank_name: 'Nationwide',
      },
    ]);
    expect(result.get('t1')).toEqual({
      flow_type: 'external_expense',
      confidence: 0.9,
      reasoning: 'Model says so',
      method: 'ai_auto',
      source: 'ai',
    });
    expect(result.get('t2')).toMatchObject({ source: 'rules', confidence: 0.95 });
    expect(result.get('t3')).toMatchObject({ source: 'rules', confidence: 0.95 });
    expect(result.get('t4')).toMatchObject({ source: 'ai', flow_type: 'external_expense' });
    expect(result.get('t5')).toMatchObject({ source: 'ai' });
  });

  it('a learned pattern is not second-guessed by the AI', async () => {
    const fake = fakeAi(() => ai('income'));
    const result = await classifyTransactions(
      [debit('t1', 'SQ *THE LITTLE BAKERY')],
      CURRENT,
      [BAKERY_PATTERN],
      fake,
    );
    expect(fake.batches).toHaveLength(0);
    expect(result.get('t1')).toMatchObject({ source: 'pattern' });
  });

  it('without an account the AI is told the details are unknown', async () => {
    const fake = fakeAi(() => ai('income'));
    await classifyTransactions([credit('t1', 'PAYM 07700 900123', 40)], null, [], fake);
    expect(fake.batches[0]?.[0]).toMatchObject({ account_name: null, account_type: null, bank_name: null });
  });

  it('sends batches of the classifier’s size, one after another', async () => {
    const fake = fakeAi(() => ai('external_expense'), 3);
    const rows = Array.from({ length: 7 }, (_, i) => debit(`t${i}`, `CHQ 00012${i}`));
    const result = await classifyTransactions(rows, CURRENT, [], fake);
    expect(fake.batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(fake.batches.flat().map((i) => i.description)).toEqual(rows.map((r) => r.description));
    expect(fake.most).toBe(1);
    expect([...result.values()].every((r) => r?.source === 'ai')).toBe(true);
  });

  it('the AI’s answer is validated again: confidence clamped, a bad flow type is a failure', async () => {
    const answers: Record<string, unknown> = {
      'CHQ 1': ai('external_expense', 1.7),
      'CHQ 2': { flow_type: 'mortgage_payment', confidence: 0.9, reasoning: 'Not allowed' },
      'CHQ 3': { flow_type: 'income', confidence: 0.4 },
    };
    const fake = fakeAi((item) => answers[item.description] ?? null);
    const result = await classifyTransactions(
      [debit('a', 'CHQ 1'), debit('b', 'CHQ 2'), debit('c', 'CHQ 3')],
      CURRENT,
      [],
      fake,
    );
    expect(result.get('a')).toMatchObject({ source: 'ai', confidence: 1 });
    expect(result.get('b')).toMatchObject({
      source: 'rules',
      flow_type: 'external_expense',
      confidence: 0.6,
    });
    expect(result.get('c')).toMatchObject({ source: 'ai', reasoning: 'No reasoning provided' });
  });
});

describe('spec 2 §8 Classification: when the AI fails', () => {
  it('a row with a catch-all rule keeps it; a row without one falls back to external_expense 0.1', async () => {
    const fake = fakeAi(() => null);
    const result = await classifyTransactions(
      [debit('t1', 'CHQ 000123'), undirected('t2', 'MYSTERY LINE')],
      CURRENT,
      [],
      fake,
    );
    expect(result.get('t1')).toMatchObject({
      source: 'rules',
      flow_type: 'external_expense',
      confidence: 0.6,
    });
    expect(result.get('t2')).toEqual({
      flow_type: 'external_expense',
      confidence: 0.1,
      reasoning: 'Classification failed - defaulted to external expense',
      method: 'ai_auto',
      source: 'fallback',
    });
    expect(CLASSIFICATION_FALLBACK).toMatchObject({ flow_type: 'external_expense', confidence: 0.1 });
  });

  it('the fallback is logged with the transaction ids and no description', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const fake = fakeAi(() => null);
    await classifyTransactions(
      [debit('t1', 'HAPPY SHOP'), debit('t2', 'GARDEN CENTRE'), debit('t3', 'TESCO STORES 3297')],
      SAVINGS,
      [],
      fake,
    );
    expect(fake.batches[0]?.map((i) => i.description)).toEqual(['HAPPY SHOP', 'GARDEN CENTRE']);
    expect(warn).toHaveBeenCalledWith('Classification failed - defaulted to external expense', {
      transactionIds: ['t1', 't2'],
      count: 2,
    });
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).not.toContain('HAPPY SHOP');
    expect(logged).not.toContain('GARDEN CENTRE');
  });

  it('a classifier that rejects, or answers short, fails its batch instead of the step', async () => {
    const throwing: AiClassifier = {
      batchSize: 5,
      classify: () => Promise.reject(new Error('boom')),
    };
    const result = await classifyTransactions([undirected('t1', 'MYSTERY LINE')], CURRENT, [], throwing);
    expect(result.get('t1')).toMatchObject({ source: 'fallback' });
    const short: AiClassifier = { batchSize: 5, classify: async () => [ai('income')] };
    const partly = await classifyTransactions(
      [undirected('t1', 'MYSTERY ONE'), undirected('t2', 'MYSTERY TWO')],
      CURRENT,
      [],
      short,
    );
    expect(partly.get('t1')).toMatchObject({ source: 'ai', flow_type: 'income' });
    expect(partly.get('t2')).toMatchObject({ source: 'fallback' });
  });

  it(`after ${AI_MAX_FAILED_BATCHES} batches in a row with no answer, the rest is not sent`, async () => {
    const fake = fakeAi(() => null, 2);
    const rows = Array.from({ length: 9 }, (_, i) => undirected(`t${i}`, `MYSTERY ${i}`));
    const result = await classifyTransactions(rows, CURRENT, [], fake);
    expect(fake.batches).toHaveLength(AI_MAX_FAILED_BATCHES);
    expect([...result.values()].every((r) => r?.source === 'fallback')).toBe(true);
  });

  it('one answered batch resets the count', async () => {
    const fake: AiClassifier & { calls: number } = {
      batchSize: 1,
      calls: 0,
      async classify(items) {
        fake.calls++;
        return items.map(() => (fake.calls === 2 ? ai('income') : null));
      },
    };
    const rows = Array.from({ length: 5 }, (_, i) => undirected(`t${i}`, `MYSTERY ${i}`));
    const result = await classifyTransactions(rows, CURRENT, [], fake);
    // fail, answer, fail, fail, then given up
    expect(fake.calls).toBe(4);
    expect(result.get('t1')).toMatchObject({ source: 'ai' });
    expect(result.get('t4')).toMatchObject({ source: 'fallback' });
  });
});
